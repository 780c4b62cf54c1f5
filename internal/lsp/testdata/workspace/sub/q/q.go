// Package q has a misspelt marker (markers) and a finalizer that never
// runs (setfinalizer).
package q

import "runtime"

// Spec is a spec.
type Spec struct {
	// +kubebuilder:validation:Minimun=0
	Replicas int32 `json:"replicas,omitempty"`
}

type empty struct{}

// Track sets a finalizer that never runs.
func Track() {
	runtime.SetFinalizer(&empty{}, func(*empty) {})
}
