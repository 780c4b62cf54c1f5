package a

// Conditions on the path: error checks and their implications.

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// Not flagged: on the path that goes on, the Get succeeded.
func (r *Reconciler) ignoreNotFoundThenErr(ctx context.Context, key client.ObjectKey) error {
	obj := &v1.Widget{}
	err := r.Get(ctx, key, obj)
	if client.IgnoreNotFound(err) != nil {
		return err
	}
	deleting := !obj.DeletionTimestamp.IsZero()
	if err != nil || deleting {
		return nil
	}
	obj.Spec.Size = 2
	return r.Update(ctx, obj)
}

// Not flagged: err reused by a later call after a successful Get.
func (r *Reconciler) errReused(ctx context.Context, key client.ObjectKey) error {
	obj := &v1.Widget{}
	err := r.Get(ctx, key, obj)
	if err != nil {
		return err
	}
	_, err = r.prepare(obj)
	if err != nil {
		return err
	}
	return r.Update(ctx, obj)
}

func (r *Reconciler) prepare(obj *v1.Widget) (bool, error) { return obj.Spec.Size > 0, nil }

// Not flagged: NotFound handled by creating, else updating what was read.
func (r *Reconciler) createOrUpdate(ctx context.Context, key client.ObjectKey) error {
	obj := &v1.Widget{}
	err := r.Get(ctx, key, obj)
	if apierrors.IsNotFound(err) {
		return r.Create(ctx, obj)
	} else if err != nil {
		return err
	}
	return r.Update(ctx, obj)
}

// Flagged: the update runs on the path where the Get failed with NotFound.
func (r *Reconciler) updateOnNotFound(ctx context.Context, key client.ObjectKey) error {
	obj := &v1.Widget{}
	err := r.Get(ctx, key, obj)
	if client.IgnoreNotFound(err) != nil {
		return err
	}
	if apierrors.IsNotFound(err) {
		return r.Update(ctx, obj) // want `obj is built fresh .* so Update sends it`
	}
	return nil
}
