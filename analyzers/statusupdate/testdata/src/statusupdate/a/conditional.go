package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// A plain write on one branch replaces the object with what the server
// stored, and the status write after the branch sends the old status on
// that path (openshift/machine-api-operator#599).

// Flagged.

func (r *Reconciler) setPhase(ctx context.Context, w *v1.Widget, failed bool) error {
	base := client.MergeFrom(w.DeepCopy())
	w.Status.Phase = "Failed"
	if failed {
		w.Annotations = map[string]string{"state": "unknown"}
		if err := r.Patch(ctx, w, base); err != nil { // want `w.Status.Phase is written before w is sent with Patch, .* so the status write after it sends the old status`
			return err
		}
	}
	return r.Status().Patch(ctx, w, base)
}

// Not flagged.

// The status is written first (the fix).
func (r *Reconciler) setPhaseFixed(ctx context.Context, w *v1.Widget, failed bool) error {
	base := client.MergeFrom(w.DeepCopy())
	w.Status.Phase = "Failed"
	if err := r.Status().Patch(ctx, w, base); err != nil {
		return err
	}
	if failed {
		w.Annotations = map[string]string{"state": "unknown"}
		return r.Patch(ctx, w, base)
	}
	return nil
}

// The status is changed again after the plain write.
func (r *Reconciler) setPhaseAgain(ctx context.Context, w *v1.Widget, failed bool) error {
	w.Status.Phase = "Failed"
	if failed {
		w.Annotations = map[string]string{"state": "unknown"}
		if err := r.Update(ctx, w); err != nil {
			return err
		}
		w.Status.Phase = "Failed"
	}
	return r.Status().Update(ctx, w)
}

// A loop makes the status change again after each plain write; the status
// write after the loop sends the last one.
func (r *Reconciler) loopAgain(ctx context.Context, ws []*v1.Widget, w *v1.Widget) error {
	for range ws {
		if err := r.Update(ctx, w); err != nil {
			return err
		}
		w.Status.Phase = "Synced"
	}
	return r.Status().Update(ctx, w)
}
