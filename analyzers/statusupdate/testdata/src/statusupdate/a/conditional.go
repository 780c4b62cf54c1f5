package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

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

// A branch that changes the status, sends it with a plain patch and
// returns: the status write further on is on no path through that patch,
// so it sends nothing of what the patch dropped
// (cloudnative-pg/cloudnative-pg#9551).

// Flagged.

func (r *Reconciler) pendingThenReturn(ctx context.Context, w *v1.Widget, missing bool) error {
	if missing {
		orig := w.DeepCopy()
		w.Status.SetPhase("Pending")
		return r.Patch(ctx, w, client.MergeFrom(orig)) // want `w.Status is written but w is sent only with Patch, which drops status changes`
	}
	orig := w.DeepCopy()
	w.Status.SetPhase("Started")
	return r.Status().Patch(ctx, w, client.MergeFrom(orig))
}

// Not flagged: the fix.
func (r *Reconciler) pendingThenReturnFixed(ctx context.Context, w *v1.Widget, missing bool) error {
	if missing {
		orig := w.DeepCopy()
		w.Status.SetPhase("Pending")
		return r.Status().Patch(ctx, w, client.MergeFrom(orig))
	}
	orig := w.DeepCopy()
	w.Status.SetPhase("Started")
	return r.Status().Patch(ctx, w, client.MergeFrom(orig))
}

// Not flagged: the status write follows the plain one on the path through
// it, and the status is set again before it.
func (r *Reconciler) pendingThenContinue(ctx context.Context, w *v1.Widget, missing bool) error {
	if missing {
		orig := w.DeepCopy()
		w.Status.SetPhase("Pending")
		if err := r.Patch(ctx, w, client.MergeFrom(orig)); err != nil {
			return err
		}
	}
	orig := w.DeepCopy()
	w.Status.SetPhase("Pending")
	return r.Status().Patch(ctx, w, client.MergeFrom(orig))
}

// The object is left to code opvet cannot see on another path only: the
// plain patch is still judged.

var snapshot func(ctx context.Context, obj client.Object) error

// Flagged.

func (r *Reconciler) pendingThenHandOff(ctx context.Context, w *v1.Widget, missing bool) (bool, error) {
	if missing {
		orig := w.DeepCopy()
		w.Status.SetPhase("Pending")
		if err := r.Patch(ctx, w, client.MergeFrom(orig)); err != nil { // want `w.Status is written but w is sent only with Patch`
			return false, err
		}
		return true, nil
	}
	return false, snapshot(ctx, w)
}

// Not flagged: the code opvet cannot see runs after the plain patch, and
// may send the status itself.
func (r *Reconciler) pendingThenHandOffAfter(ctx context.Context, w *v1.Widget) (bool, error) {
	orig := w.DeepCopy()
	w.Status.SetPhase("Pending")
	if err := r.Patch(ctx, w, client.MergeFrom(orig)); err != nil {
		return false, err
	}
	return true, snapshot(ctx, w)
}

// Flagged: on the other path the object is handed off and then its status
// written (cloudnative-pg's reconcileSnapshotBackup).
func (r *Reconciler) pendingThenHandOffStatus(ctx context.Context, w *v1.Widget, missing bool) (bool, error) {
	if missing {
		orig := w.DeepCopy()
		w.Status.SetPhase("Pending")
		if err := r.Patch(ctx, w, client.MergeFrom(orig)); err != nil { // want `w.Status is written but w is sent only with Patch`
			return false, err
		}
		return true, nil
	}
	if err := snapshot(ctx, w); err != nil {
		return false, err
	}
	orig := w.DeepCopy()
	w.Status.SetPhase("Started")
	return false, r.Status().Patch(ctx, w, client.MergeFrom(orig))
}

// Not flagged: a deferred plain write runs after the status write below
// its defer statement; on the path where that status write failed, its
// change is still pending at the deferred write, which only runs when no
// error is returned (cluster-api's CRD migrator).
func (r *Reconciler) deferredAnnotation(ctx context.Context, req reconcile.Request) (_ reconcile.Result, reterr error) {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	defer func() {
		if reterr == nil {
			if w.Annotations == nil {
				w.Annotations = map[string]string{}
			}
			w.Annotations["observed"] = "yes"
			if err := r.Update(ctx, w); err != nil {
				reterr = err
			}
		}
	}()
	if w.Status.Phase != "Migrated" {
		w.Status.Phase = "Migrated"
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}
