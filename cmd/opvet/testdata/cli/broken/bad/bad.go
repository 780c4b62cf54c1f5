// Package bad does not type-check.
package bad

// F returns a string as an int.
func F() int { return "x" }

var _ = undefinedThing
