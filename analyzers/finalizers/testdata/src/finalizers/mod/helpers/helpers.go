// Package helpers removes finalizers for the controllers.
package helpers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// Release removes a finalizer named by a constant of another package.
func Release(obj client.Object) {
	controllerutil.RemoveFinalizer(obj, api.HelperFinalizer)
}

// Drop removes the finalizer its caller names.
func Drop(obj client.Object, name string) bool {
	return controllerutil.RemoveFinalizer(obj, name)
}

// Filter removes a finalizer by filtering the list.
func Filter(obj client.Object) {
	var kept []string
	for _, f := range obj.GetFinalizers() {
		if f != api.FilteredFinalizer {
			kept = append(kept, f)
		}
	}
	obj.SetFinalizers(kept)
}

// Remover removes the finalizer held in a field.
type Remover struct {
	finalizer string
}

// NewRemover returns a Remover of FieldFinalizer.
func NewRemover() *Remover { return &Remover{finalizer: api.FieldFinalizer} }

// Remove removes r's finalizer.
func (r *Remover) Remove(obj client.Object) { controllerutil.RemoveFinalizer(obj, r.finalizer) }

// EnsureFinalizer adds name unless the object is being deleted, and saves.
func EnsureFinalizer(ctx context.Context, c client.Client, o client.Object, name string) (bool, error) {
	if !o.GetDeletionTimestamp().IsZero() || !controllerutil.AddFinalizer(o, name) {
		return false, nil
	}
	return true, c.Update(ctx, o)
}

// AddFinalizerLogged adds name and logs msg; msg is not a finalizer.
func AddFinalizerLogged(o client.Object, name, msg string) bool {
	return controllerutil.AddFinalizer(o, name)
}

// AddFinalizer adds name and saves, without a deletion check (as korifi's
// tools/k8s.AddFinalizer did): its callers must check.
func AddFinalizer(ctx context.Context, c client.Client, o client.Object, name string) error {
	if controllerutil.AddFinalizer(o, name) {
		return c.Update(ctx, o)
	}
	return nil
}

// EnsureFinalizerLive adds name unless a helper says the object is
// terminating.
func EnsureFinalizerLive(ctx context.Context, c client.Client, o client.Object, name string) error {
	if isTerminating(o) || !controllerutil.AddFinalizer(o, name) {
		return nil
	}
	return c.Update(ctx, o)
}

func isTerminating(o client.Object) bool { return o.GetDeletionTimestamp() != nil }

// RunFinalizer runs f and then removes the finalizer its caller names
// (percona-postgresql-operator's controller.RunFinalizer): a name that
// says nothing of a removal.
func RunFinalizer[T client.Object](ctx context.Context, obj T, name string, f func(context.Context, T) error) error {
	if !controllerutil.ContainsFinalizer(obj, name) {
		return nil
	}
	if err := f(ctx, obj); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(obj, name)
	return nil
}
