// Package conn misuses runtime.SetFinalizer: on a zero-size type
// (setfinalizer) and with a closure that keeps its object alive (SA5005,
// opt-in).
package conn

import "runtime"

// Empty has no fields.
type Empty struct{}

// Conn is a connection.
type Conn struct{ fd int }

// NewEmpty sets a finalizer that never runs.
func NewEmpty() *Empty {
	e := &Empty{}
	runtime.SetFinalizer(e, func(*Empty) {})
	return e
}

// Track sets a finalizer whose closure keeps c reachable (the shape of
// staticcheck's own test of SA5005).
func Track() {
	var c *Conn
	keep := func(*Conn) { println(c) }
	runtime.SetFinalizer(c, keep)
}
