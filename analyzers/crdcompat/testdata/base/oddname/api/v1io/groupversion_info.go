// Package v1io contains the v1 API of oddname.example.com, in a
// directory not named like its version (k8gb's api/v1beta1io).
package v1io

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group version of this package.
var GroupVersion = schema.GroupVersion{Group: "oddname.example.com", Version: "v1"}
