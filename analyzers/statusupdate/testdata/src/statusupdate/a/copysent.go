package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// A write of a deep copy made in the call's argument sends the object as
// it is then, and leaves the object as it was in memory (numaflow#541).

// The finalizer reaches the server through the copy; the status stays in
// w and the status write sends it.
func (r *Reconciler) copyThenStatus(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	controllerutil.AddFinalizer(w, "example.com/cleanup")
	w.Status.Phase = "Ready"
	if err := r.Update(ctx, w.DeepCopy()); err != nil {
		return err
	}
	return r.Status().Update(ctx, w)
}

// Without the copy, Update replaces w's status with the stored one before
// the status write (the bug numaflow#541 fixed).
func (r *Reconciler) updateThenStatus(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	controllerutil.AddFinalizer(w, "example.com/cleanup")
	w.Status.Phase = "Ready"
	if err := r.Update(ctx, w); err != nil { // want `w.Status.Phase is written before w is sent with Update`
		return err
	}
	return r.Status().Update(ctx, w)
}

// A change made after the copy was sent is not in it.
func (r *Reconciler) changedAfterCopy(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	if err := r.Update(ctx, w.DeepCopy()); err != nil {
		return err
	}
	w.Spec.Size = 3
	return r.Status().Update(ctx, w) // want `w.Spec.Size is written but w is sent only with Status\(\).Update`
}

// A copy of another object does not carry w's changes.
func (r *Reconciler) otherCopy(ctx context.Context, req reconcile.Request, other *v1.Widget) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	controllerutil.AddFinalizer(w, "example.com/cleanup")
	w.Status.Phase = "Ready"
	if err := r.Update(ctx, other.DeepCopy()); err != nil {
		return err
	}
	return r.Status().Update(ctx, w) // want `w.Finalizers is written but w is sent only with Status\(\).Update`
}
