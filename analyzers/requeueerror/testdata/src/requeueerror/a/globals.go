package a

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// Package-level Results that nothing in the package reassigns keep the
// value they are declared with.

// backOff: the kratix shape, a shared delay returned with the error.
var backOff = ctrl.Result{RequeueAfter: 5 * time.Second}

var pollAgain = reconcile.Result{Requeue: true}

func (r *RuleReconciler) withShared(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return backOff, err // want `requeueerror: backOff \(ctrl.Result\{RequeueAfter: 5 \* time.Second\}\) is returned with a non-nil error, so controller-runtime ignores the requested requeue.*return ctrl.Result\{\}, err`
	}
	err := r.Status().Update(ctx, w)
	return backOff, err // want `backOff \(ctrl.Result\{RequeueAfter: 5 \* time.Second\}\) is returned with an error that may be non-nil`
}

func (r *RuleReconciler) withSharedRequeue(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return pollAgain, err // want `pollAgain \(reconcile.Result\{Requeue: true\}\) is returned with a non-nil error, so controller-runtime ignores Requeue`
	}
	return pollAgain, nil
}

// copied: a local copy of the shared Result is followed as any local.
func (r *RuleReconciler) copied(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	res := backOff
	err := r.Update(ctx, w)
	return res, err // want `res, which may request a requeue, is returned with an error that may be non-nil`
}

// --- near-misses ---

// nothing requests no requeue.
var nothing = ctrl.Result{}

// tuned is reassigned by Tune, nudged has a field set, and held has its
// address taken: what they hold at a return is not known.
var (
	tuned  = ctrl.Result{RequeueAfter: time.Minute}
	nudged = ctrl.Result{RequeueAfter: time.Minute}
	held   = ctrl.Result{RequeueAfter: time.Minute}
)

// Tune sets the package's delays at start-up.
func Tune(d time.Duration) {
	tuned = ctrl.Result{RequeueAfter: d}
	nudged.RequeueAfter = d
	hold(&held)
}

func hold(*ctrl.Result) {}

func (r *RuleReconciler) sharedQuiet(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return nothing, err
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return tuned, err
	}
	if err := r.Delete(ctx, w); err != nil {
		return nudged, err
	}
	if err := r.Create(ctx, w); err != nil {
		return held, err
	}
	return backOff, nil
}

// checkedShared: the shared delay only where the error is nil.
func (r *RuleReconciler) checkedShared(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	err := r.Update(ctx, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	return backOff, err
}
