package skew_test

import "versionskew/skew"

// An external test package: it never reports go.mod findings.
var _ = skew.Name
