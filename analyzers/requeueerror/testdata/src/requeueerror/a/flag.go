package a

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// A Result from a helper of the package that never sets Requeue holds at
// most a delay: once a test rules the delay out, it requests nothing
// (cass-operator: processJobs, then `if res.RequeueAfter == 0`).

// delayOnly returns a delay, or nothing, through a variable and another
// helper; never Requeue.
func (r *RuleReconciler) delayOnly(ctx context.Context, n int) (ctrl.Result, int, error) {
	var res ctrl.Result
	if n > 1 {
		step, err := r.calc(n > 2)
		if err != nil {
			return ctrl.Result{}, 0, err
		}
		res = step
	}
	if n > 3 {
		res.RequeueAfter = time.Second
	}
	return res, n, nil
}

// flagged may return Requeue: true through its named result.
func (r *RuleReconciler) flagged(ctx context.Context, n int) (res ctrl.Result, count int, err error) {
	if n > 1 {
		res.Requeue = true
	}
	return
}

// flaggedByAddress lets another function change its Result.
func (r *RuleReconciler) flaggedByAddress(ctx context.Context, n int) (ctrl.Result, int, error) {
	res := ctrl.Result{RequeueAfter: time.Second}
	setRequeue(&res)
	return res, n, nil
}

func setRequeue(res *ctrl.Result) { res.Requeue = true }

func (r *RuleReconciler) conflict(ctx context.Context) error { return errors.New("conflict") }

// No delay, and the helper never sets Requeue: quiet.
func (r *RuleReconciler) delayRuledOut(ctx context.Context, n int) (ctrl.Result, error) {
	res, _, err := r.delayOnly(ctx, n)
	if err != nil {
		return ctrl.Result{}, err
	}
	if res.RequeueAfter == 0 {
		if err := r.conflict(ctx); err != nil {
			return res, err
		}
	}
	return res, nil
}

// The same helper, the delay not ruled out: reported.
func (r *RuleReconciler) delayKept(ctx context.Context, n int) (ctrl.Result, error) {
	res, _, err := r.delayOnly(ctx, n)
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := r.conflict(ctx); err != nil {
		return res, err // want `res, which may request a requeue, is returned with a non-nil error`
	}
	return res, nil
}

// Passed on with the helper's own error: the helper is judged: quiet.
func (r *RuleReconciler) flagPassedOn(ctx context.Context, n int) (ctrl.Result, error) {
	res, _, err := r.delayOnly(ctx, n)
	return res, err
}

// A helper that may set Requeue: the delay test leaves it: reported.
func (r *RuleReconciler) flagNotRuledOut(ctx context.Context, n int) (ctrl.Result, error) {
	res, _, err := r.flagged(ctx, n)
	if err != nil {
		return ctrl.Result{}, err
	}
	if res.RequeueAfter == 0 {
		if err := r.conflict(ctx); err != nil {
			return res, err // want `res, which may request a requeue, is returned with a non-nil error`
		}
	}
	return res, nil
}

// The same when the helper hands the Result's address on: reported.
func (r *RuleReconciler) flagByAddress(ctx context.Context, n int) (ctrl.Result, error) {
	res, _, err := r.flaggedByAddress(ctx, n)
	if err != nil {
		return ctrl.Result{}, err
	}
	if res.RequeueAfter == 0 {
		if err := r.conflict(ctx); err != nil {
			return res, err // want `res, which may request a requeue, is returned with a non-nil error`
		}
	}
	return res, nil
}
