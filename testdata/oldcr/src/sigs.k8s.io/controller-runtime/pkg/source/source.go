// Package source is a stub of controller-runtime's event sources before
// v0.15, when a Kind was a struct.
package source

import "sigs.k8s.io/controller-runtime/pkg/client"

type Source interface {
	WaitForSync() error
}

type Kind struct {
	Type client.Object
}

func (ks *Kind) WaitForSync() error { return nil }
