// Package sub is another package of the module: it does not report.
package sub

// V is a value.
var V = 1
