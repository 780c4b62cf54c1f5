// Package typeerr does not compile, as a skewed module often does not.
package typeerr

var broken int = "not an int"
