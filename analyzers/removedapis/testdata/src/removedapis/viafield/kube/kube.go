// Package kube is the operator's client wrapper: it takes runtime.Object,
// so the kind it sends is its caller's.
package kube

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Apply creates the object it is given.
func Apply(ctx context.Context, c client.Client, obj runtime.Object) error {
	return c.Create(ctx, obj.(client.Object))
}

// Describe only reads the object.
func Describe(obj runtime.Object) string { return obj.GetObjectKind().GroupVersionKind().Kind }
