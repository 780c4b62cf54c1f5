// Package user type-checks on its own but imports a package that does
// not: it cannot be analysed, and opvet must say so.
package user

import "example.com/broken/bad"

// Size uses the broken package.
var Size = bad.F()
