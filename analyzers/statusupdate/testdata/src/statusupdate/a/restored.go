package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// Not flagged: the helper patches w, which replaces it with what the
// server stored, and copies back the status of a whole copy made before
// (k8ssandra-operator's versionCheck); the status write after it sends
// the caller's status.
func (r *Reconciler) phaseThenCheck(ctx context.Context, w *v1.Widget) error {
	w.Status.Phase = "Checking"
	if err := r.checkVersion(ctx, w); err != nil {
		return err
	}
	return r.Status().Update(ctx, w)
}

func (r *Reconciler) checkVersion(ctx context.Context, w *v1.Widget) error {
	saved := w.DeepCopy()
	patch := client.MergeFrom(w.DeepCopy())
	if err := r.Patch(ctx, w, patch); err != nil {
		return err
	}
	w.Status = saved.Status
	return nil
}

// Flagged: a whole copy whose status is not copied back saves nothing.
func (r *Reconciler) phaseThenBump(ctx context.Context, w *v1.Widget) error {
	w.Status.Phase = "Checking"
	if err := r.bumpVersion(ctx, w); err != nil { // want `w.Status.Phase is written before`
		return err
	}
	return r.Status().Update(ctx, w)
}

func (r *Reconciler) bumpVersion(ctx context.Context, w *v1.Widget) error {
	saved := w.DeepCopy()
	if err := r.Patch(ctx, w, client.MergeFrom(saved)); err != nil {
		return err
	}
	w.Spec = saved.Spec
	return nil
}

// Not flagged: the status the helper copies back after its patch is no
// change pending at the patch.
func (r *Reconciler) onlyCheck(ctx context.Context, w *v1.Widget) error {
	if w.Spec.Size == 0 {
		return nil
	}
	return r.checkVersion(ctx, w)
}
