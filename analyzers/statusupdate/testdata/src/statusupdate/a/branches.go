package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
	"statusupdate/store"
)

// Each branch sends the object with a plain Update after its own status
// change: both writes drop a status change, and both are reported.
func (r *Reconciler) branches(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Reconciling"
	if !w.DeletionTimestamp.IsZero() {
		w.Status.Ready = false
		return r.Update(ctx, w) // want `w.Status.Phase and w.Status.Ready are written but w is sent only with Update`
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// Not flagged twice: the second Update finds no status change of its own
// (the first one replaced w with what the server stored).
func (r *Reconciler) twice(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Reconciling"
	if err := r.Update(ctx, w); err != nil { // want `w.Status.Phase is written but w is sent only with Update`
		return err
	}
	w.Spec.Size = 2
	return r.Update(ctx, w)
}

// Not flagged: the spec handed by address to code opvet cannot see is
// presumed changed only (it is read far more often); rule 2 needs a change
// that was made.
func (r *Reconciler) specHashed(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	if err := store.Record(&w.Spec); err != nil {
		return err
	}
	w.Status.Phase = "Recorded"
	return r.Status().Update(ctx, w)
}
