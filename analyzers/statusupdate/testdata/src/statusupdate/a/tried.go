package a

import (
	"context"
	"fmt"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	v1 "example.com/operator/api/v1"
)

// A status write whose error is logged, then a plain write for the
// finalizer (vault-secrets-operator's updateStatus and maybeAddFinalizer):
// where the status write succeeded the status is stored, and where it
// failed the Update loses nothing that the failed write did not.

func addFinalizerLogged(ctx context.Context, c client.Client, w *v1.Widget) error {
	if w.GetDeletionTimestamp() == nil && !controllerutil.ContainsFinalizer(w, "a.example.com/f") {
		controllerutil.AddFinalizer(w, "a.example.com/f")
		return c.Update(ctx, w)
	}
	return nil
}

// Not flagged.
func (r *Reconciler) statusThenFinalizer(ctx context.Context, w *v1.Widget) error {
	w.Status.Phase = "Synced"
	if err := r.Status().Update(ctx, w); err != nil {
		fmt.Println("status update failed:", err)
	}
	return addFinalizerLogged(ctx, r.Client, w)
}

// Flagged: the status is changed again after the failed write.
func (r *Reconciler) statusAgainThenFinalizer(ctx context.Context, w *v1.Widget) error {
	w.Status.Phase = "Synced"
	if err := r.Status().Update(ctx, w); err != nil {
		w.Status.Ready = false
	}
	return addFinalizerLogged(ctx, r.Client, w) // want `w.Status.Ready is written but w is sent only with addFinalizerLogged`
}

// Flagged: the status write is skipped on one path.
func (r *Reconciler) statusSometimesThenFinalizer(ctx context.Context, w *v1.Widget, send bool) error {
	w.Status.Phase = "Synced"
	if send {
		if err := r.Status().Update(ctx, w); err != nil {
			fmt.Println("status update failed:", err)
		}
	}
	return addFinalizerLogged(ctx, r.Client, w) // want `w.Status.Phase is written but w is sent only with addFinalizerLogged`
}
