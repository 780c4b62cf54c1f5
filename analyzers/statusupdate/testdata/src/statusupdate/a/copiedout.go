package a

import (
	"context"

	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	v1 "example.com/operator/api/v1"
)

// saveThroughCopy writes the caller's status through a fresh copy (hive's
// updatePrivateLinkStatus): the status field is copied into the copy,
// whose status write sends it.
func (r *Reconciler) saveThroughCopy(ctx context.Context, w *v1.Widget) error {
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		curr := &v1.Widget{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(w), curr); err != nil {
			return err
		}
		curr.Status.Phase = w.Status.Phase
		return r.Status().Update(ctx, curr)
	})
}

// Not flagged: the status change was sent through the fresh copy before
// the plain Update, which only removes the finalizer.
func (r *Reconciler) cleanupThroughCopy(ctx context.Context, w *v1.Widget) error {
	w.Status.Phase = "Cleaned"
	if err := r.saveThroughCopy(ctx, w); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(w, "example.com/cleanup")
	return r.Update(ctx, w)
}

// Flagged: the field is copied into a local value, not into another
// object's status; and into the object's own status.
func (r *Reconciler) copiedToLocal(ctx context.Context, w *v1.Widget) (string, error) {
	w.Status.Phase = "Cleaned"
	phase := w.Status.Phase
	return phase, r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

func (r *Reconciler) copiedToItself(ctx context.Context, w *v1.Widget) error {
	w.Status.Phase = "Cleaned"
	w.Status.Phase = w.Status.Phase + "!"
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// Not flagged: the same, one helper deeper (hive's cleanupPrivateLink).
func (r *Reconciler) cleanupThing(w *v1.Widget) error {
	w.Status.Conditions = nil
	return r.saveThroughCopy(context.TODO(), w)
}

func (r *Reconciler) cleanupTwoDeep(ctx context.Context, w *v1.Widget) error {
	if err := r.cleanupThing(w); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(w, "example.com/cleanup")
	return r.Update(ctx, w)
}
