// Package fakeclient builds its reconciler with the fake client whose
// result controller-runtime v0.9 turned into a client.WithWatch, which
// implements client.Client.
package fakeclient

import "sigs.k8s.io/controller-runtime/pkg/client"

// Reconciler holds a client.
type Reconciler struct {
	Client client.Client
}

// New returns a Reconciler.
func New(c client.Client) *Reconciler { return &Reconciler{Client: c} }
