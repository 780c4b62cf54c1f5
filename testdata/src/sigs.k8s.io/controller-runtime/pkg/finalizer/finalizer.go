// Package finalizer is a stub of controller-runtime's pkg/finalizer: a set
// of finalizers, keyed by name, that Finalize adds to an object not being
// deleted and removes (after running each) from one that is.
package finalizer

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Registerer interface {
	Register(key string, f Finalizer) error
}

type Finalizer interface {
	Finalize(context.Context, client.Object) (Result, error)
}

type Finalizers interface {
	Registerer
	Finalizer
}

// Result: Updated when a finalizer was added or removed (or a registered
// finalizer changed the object), StatusUpdated when one changed the status.
type Result struct {
	Updated       bool
	StatusUpdated bool
}

func NewFinalizers() Finalizers { return nil }
