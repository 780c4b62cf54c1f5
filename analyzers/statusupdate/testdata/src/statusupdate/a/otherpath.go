package a

import (
	"context"

	v1 "example.com/operator/api/v1"
)

// A helper that updates the object on one branch and returns, and on the
// other sets the status and sends it with a status write, returning an
// error with that change pending where a step fails (openkruise
// rollouts' updateRolloutHistoryWhenRolloutIsCompeleted): its own status
// change is never pending at its Update.
func (r *Reconciler) complete(ctx context.Context, w *v1.Widget, size int) error {
	if w.Spec.Size != size {
		w.Spec.Size = size
		return r.Update(ctx, w)
	}
	w.Status.Phase = "Completed"
	if _, err := r.lookupKey(ctx, w.Name); err != nil {
		return err
	}
	return r.Status().Update(ctx, w)
}

// Not flagged.
func (r *Reconciler) completeUnlessDone(ctx context.Context, w *v1.Widget) error {
	if w.Status.Phase != "Completed" {
		if err := r.complete(ctx, w, 3); err != nil {
			return err
		}
	}
	return nil
}

// Flagged: the caller's own status change is pending at the helper's
// Update.
func (r *Reconciler) readyThenComplete(ctx context.Context, w *v1.Widget) error {
	w.Status.Ready = true
	return r.complete(ctx, w, 3) // want `w.Status.Ready is written but w is sent only with r.complete \(which calls Update\)`
}

// completeAfter sets the status before it updates the object.
func (r *Reconciler) completeAfter(ctx context.Context, w *v1.Widget, size int) error {
	w.Status.Phase = "Resizing"
	if w.Spec.Size != size {
		w.Spec.Size = size
		return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
	}
	return r.Status().Update(ctx, w)
}

// Flagged at the helper only (above): its status change is pending at its
// Update, which is the helper's own finding.
func (r *Reconciler) resizeAfter(ctx context.Context, w *v1.Widget) error {
	return r.completeAfter(ctx, w, 3)
}
