// Package kube is the operator's client wrapper: it takes runtime.Object,
// so the kind it sends is its caller's.
package kube

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Apply creates the object it is given.
func Apply(ctx context.Context, c client.Client, obj runtime.Object) error {
	return c.Create(ctx, obj.(client.Object))
}

// Describe only reads the object.
func Describe(obj runtime.Object) string { return obj.GetObjectKind().GroupVersionKind().Kind }

// Copy deep-copies an object: its result is a copy of its parameter.
func Copy(obj client.Object) client.Object { return obj.DeepCopyObject().(client.Object) }

// ApplyCopy creates a copy of the object it is given, leaving the
// caller's object as it was.
func ApplyCopy(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Create(ctx, Copy(obj))
}

// Fresh returns a new object named after the one it is given.
func Fresh(obj client.Object) client.Object {
	out := &corev1.ConfigMap{}
	out.SetName(obj.GetName())
	return out
}
