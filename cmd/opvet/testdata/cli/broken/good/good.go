// Package good type-checks and has a finding.
package good

import "runtime"

// Empty has no fields.
type Empty struct{}

// New sets a finalizer that never runs.
func New() *Empty {
	e := &Empty{}
	runtime.SetFinalizer(e, func(*Empty) {})
	return e
}
