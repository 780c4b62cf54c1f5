package skew

// An in-package test file: the package is analyzed again with it.
var _ = Name
