// Package tested type-checks and has a finding, but its tests import a
// package that does not: it is analysed without its tests.
package tested

import "runtime"

// Empty has no fields.
type Empty struct{}

// New sets a finalizer that never runs.
func New() *Empty {
	e := &Empty{}
	runtime.SetFinalizer(e, func(*Empty) {})
	return e
}
