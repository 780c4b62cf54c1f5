package a

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Tests of a Result's own requeue fields narrow what it holds
// (cass-operator: a delay raised to a minimum only where one is set).

// calc returns an empty Result with its error, or a delay without one.
func (r *RuleReconciler) calc(fail bool) (ctrl.Result, error) {
	if fail {
		return ctrl.Result{}, errors.New("failed")
	}
	return ctrl.Result{RequeueAfter: time.Millisecond}, nil
}

// Raised only where it is set, which is where the error is nil: quiet.
func (r *RuleReconciler) raisedWhereSet(ctx context.Context, fail bool) (ctrl.Result, error) {
	res, err := r.calc(fail)
	if res.RequeueAfter > 0 && res.RequeueAfter < time.Second {
		res.RequeueAfter = time.Second
	}
	return res, err
}

// The same through 0 < res.RequeueAfter, and res.RequeueAfter != 0: quiet.
func (r *RuleReconciler) raisedWhereSetSwapped(ctx context.Context, fail bool) (ctrl.Result, error) {
	res, err := r.calc(fail)
	if 0 < res.RequeueAfter {
		res.RequeueAfter += time.Second
	}
	if res.RequeueAfter != 0 {
		res.RequeueAfter *= 2
	}
	return res, err
}

// Raised where set, after another store of it: calc's delay comes only
// with a nil error, so where it is set the error is nil: quiet.
func (r *RuleReconciler) raisedAfterReset(ctx context.Context, fail bool) (ctrl.Result, error) {
	res, err := r.calc(fail)
	if res.RequeueAfter > 0 {
		res = ctrl.Result{}
		res.RequeueAfter = time.Second
	}
	return res, err
}

// calcLoose returns a delay with its error.
func (r *RuleReconciler) calcLoose(fail bool) (ctrl.Result, error) {
	if fail {
		return ctrl.Result{RequeueAfter: time.Second}, errors.New("failed") // want `ctrl.Result\{RequeueAfter: time.Second\} is returned with a non-nil error`
	}
	return ctrl.Result{}, nil
}

// The same from a helper whose delay may come with its error: reported.
func (r *RuleReconciler) raisedAfterResetLoose(ctx context.Context, fail bool) (ctrl.Result, error) {
	res, err := r.calcLoose(fail)
	if res.RequeueAfter > 0 {
		res = ctrl.Result{}
		res.RequeueAfter = time.Second
	}
	return res, err // want `res \(ctrl.Result\{\}\), which may request a requeue|res, which may request a requeue`
}

// Set where it was not: reported.
func (r *RuleReconciler) setWhereUnset(ctx context.Context, fail bool) (ctrl.Result, error) {
	res, err := r.calc(fail)
	if res.RequeueAfter == 0 {
		res.RequeueAfter = time.Minute
	}
	return res, err // want `res, which may request a requeue, is returned with an error that may be non-nil`
}

// An error returned only where no delay is set: quiet.
func (r *RuleReconciler) errorWhereZero(ctx context.Context, name string) (ctrl.Result, error) {
	res := ctrl.Result{}
	if name == "a" {
		res.RequeueAfter = time.Minute
	}
	if res.RequeueAfter == 0 {
		if err := errors.New("update failed"); err != nil {
			return res, err
		}
	}
	return res, nil
}

// The same through RequeueAfter <= 0, and a Requeue test: quiet.
func (r *RuleReconciler) errorWhereNotPositive(ctx context.Context, name string) (ctrl.Result, error) {
	res := ctrl.Result{}
	if name == "a" {
		res.RequeueAfter = time.Minute
	}
	if name == "b" {
		res.Requeue = true
	}
	if res.RequeueAfter <= 0 && !res.Requeue {
		if err := errors.New("update failed"); err != nil {
			return res, err
		}
	}
	return res, nil
}

// The error where a delay is set: reported.
func (r *RuleReconciler) errorWhereSet(ctx context.Context, name string) (ctrl.Result, error) {
	res := ctrl.Result{}
	if name == "a" {
		res.RequeueAfter = time.Minute
	}
	if res.RequeueAfter > 0 {
		if err := errors.New("update failed"); err != nil {
			return res, err // want `res, which may request a requeue, is returned with`
		}
	}
	return res, nil
}
