package controllers

import (
	"context"
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// updateCopy writes a deep copy of obj (cluster-api-provider-metal3's
// updateObject): the copy, made at the call, carries the caller's changes.
func updateCopy(ctx context.Context, c client.Client, obj client.Object) error {
	copied, ok := obj.DeepCopyObject().(client.Object)
	if !ok {
		return errors.New("not an object")
	}
	return c.Update(ctx, copied)
}

type copyWriter struct{ c client.Client }

func (m *copyWriter) fetch(ctx context.Context, name string, w *api.Widget) error {
	return m.c.Get(ctx, client.ObjectKey{Namespace: "ns", Name: name}, w)
}

// Quiet: the removal is saved by the copy that updateCopy writes.
func (m *copyWriter) releaseByCopy(ctx context.Context, name string) error {
	w := &api.Widget{}
	if m.fetch(ctx, name, w) == nil {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		err := updateCopy(ctx, m.c, w)
		if err != nil && !apierrors.IsNotFound(err) {
			return err
		}
	}
	return nil
}

// Reported: the copy is written before the removal, which it lacks.
func (m *copyWriter) releaseAfterCopy(ctx context.Context, name string) error {
	w := &api.Widget{}
	if m.fetch(ctx, name, w) == nil {
		if err := updateCopy(ctx, m.c, w); err != nil {
			return err
		}
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer) // want `is removed from w but w is never updated or patched afterwards`
	}
	return nil
}
