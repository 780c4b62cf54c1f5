package a

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// Package-level Results hold what the package stores into them: one
// that nothing reassigns keeps the value it is declared with.

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

// tuned is reassigned by Tune and nudged has a field set: every value
// they may hold requests a requeue.
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

func (r *RuleReconciler) sharedTuned(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Status().Update(ctx, w); err != nil {
		return tuned, err // want `tuned, which may request a requeue, is returned with a non-nil error`
	}
	if err := r.Delete(ctx, w); err != nil {
		return nudged, err // want `nudged, which may request a requeue, is returned with a non-nil error`
	}
	return backOff, nil
}

// requeueSoon is returned by address from subreconcilers and by value
// from Reconcile helpers: a return that takes its address changes
// nothing in it.
var requeueSoon = ctrl.Result{RequeueAfter: 5 * time.Second}

func (r *RuleReconciler) ensureSoon(ctx context.Context, w *v1.Widget) (*ctrl.Result, error) {
	err := r.Update(ctx, w)
	return &requeueSoon, err // want `&requeueSoon \(&ctrl.Result\{RequeueAfter: 5 \* time.Second\}\) is returned with an error that may be non-nil`
}

func (r *RuleReconciler) syncSoon(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return requeueSoon, err // want `requeueSoon \(ctrl.Result\{RequeueAfter: 5 \* time.Second\}\) is returned with a non-nil error`
	}
	return requeueSoon, nil
}

// Declared otherwise than with a literal: set in init, from a helper,
// as a pointer, several in one declaration.
var (
	requeueLater            ctrl.Result
	requeueDefault          = requeueAfter(time.Minute)
	requeuePtr              = &ctrl.Result{Requeue: true}
	requeueNow, requeueIdle = ctrl.Result{Requeue: true}, ctrl.Result{}
	lastResult              ctrl.Result
)

func init() { requeueLater = ctrl.Result{RequeueAfter: time.Minute} }

func requeueAfter(d time.Duration) ctrl.Result { return ctrl.Result{RequeueAfter: d} }

func resetLast() { lastResult = ctrl.Result{} }

func (r *RuleReconciler) declaredOtherwise(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return requeueLater, err // want `requeueLater, which may request a requeue, is returned with a non-nil error`
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return requeueDefault, err // want `requeueDefault, which may request a requeue, is returned with a non-nil error`
	}
	if err := r.Delete(ctx, w); err != nil {
		return requeueNow, err // want `requeueNow \(ctrl.Result\{Requeue: true\}\) is returned with a non-nil error`
	}
	return ctrl.Result{}, nil
}

func (r *RuleReconciler) ensurePtr(ctx context.Context, w *v1.Widget) (*ctrl.Result, error) {
	err := r.Update(ctx, w)
	return requeuePtr, err // want `requeuePtr \(&ctrl.Result\{Requeue: true\}\) is returned with an error that may be non-nil`
}

// --- near-misses ---

// nothing requests no requeue.
var nothing = ctrl.Result{}

// held has its address taken (hold may change it): what it holds at a
// return is not known.
func (r *RuleReconciler) sharedQuiet(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return nothing, err
	}
	if err := r.Create(ctx, w); err != nil {
		return held, err
	}
	if err := r.Delete(ctx, w); err != nil {
		return requeueIdle, err
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return lastResult, err
	}
	return backOff, nil
}

func (r *RuleReconciler) ensureQuiet(ctx context.Context, w *v1.Widget) (*ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return &nothing, err
	}
	err := r.Status().Update(ctx, w)
	if err != nil {
		return nil, err
	}
	return &requeueSoon, err
}

// checkedShared: the shared delay only where the error is nil.
func (r *RuleReconciler) checkedShared(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	err := r.Update(ctx, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	return backOff, err
}
