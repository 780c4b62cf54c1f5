package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// Not flagged: a whole copy of the object made after the status change
// and before the plain write, whose status is copied back after it,
// saves the status, as status := w.Status.DeepCopy() would.
func (r *Reconciler) saveWhole(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	w.Spec.Size = 2
	saved := w.DeepCopy()
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status = saved.Status
	return r.Status().Update(ctx, w)
}

// Flagged: nothing of the copy is copied back.
func (r *Reconciler) saveWholeSpec(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	w.Spec.Size = 2
	saved := w.DeepCopy()
	if err := r.Update(ctx, w); err != nil { // want `w.Status.Phase is written before w is sent with Update`
		return err
	}
	_ = saved.Name
	return r.Status().Update(ctx, w)
}
