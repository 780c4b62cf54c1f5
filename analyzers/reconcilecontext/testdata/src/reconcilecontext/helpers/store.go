package helpers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// store wraps the client; its methods hand their context on.
type store interface {
	Get(ctx context.Context, c client.Client, name string, w *v1.Widget) error
}

type storeFuncs struct{}

var _ store = storeFuncs{}

func (storeFuncs) Get(ctx context.Context, c client.Client, name string, w *v1.Widget) error {
	return c.Get(ctx, client.ObjectKey{Name: name}, w)
}

func (storeFuncs) Patch(ctx context.Context, c client.Client, w *v1.Widget) error {
	return c.Status().Patch(ctx, w, client.MergeFrom(w))
}

// Log takes a context and makes no API call.
func (storeFuncs) Log(ctx context.Context, msg string) {}
