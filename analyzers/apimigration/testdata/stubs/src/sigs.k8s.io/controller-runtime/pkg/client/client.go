// Package client stubs controller-runtime v0.21's client.Writer, before
// v0.22 added Apply.
package client

import "context"

// Object stubs client.Object.
type Object interface{ GetName() string }

// Writer stubs the writing half of the client.
type Writer interface {
	Create(ctx context.Context, obj Object) error
	Delete(ctx context.Context, obj Object) error
}
