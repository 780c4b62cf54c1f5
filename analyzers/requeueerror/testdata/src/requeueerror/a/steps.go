package a

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Steps return a Result and an error; the caller stops at the first step
// that fails or asks for a requeue.

type StepReconciler struct{ retry time.Duration }

func (r *StepReconciler) step(ctx context.Context) (ctrl.Result, error) {
	if ctx.Err() != nil {
		return ctrl.Result{}, ctx.Err()
	}
	return ctrl.Result{RequeueAfter: r.retry}, nil
}

func (r *StepReconciler) finish(ctx context.Context) error { return ctx.Err() }

// Quiet: past the check, result is empty, so the later error returns with
// an empty Result.
func (r *StepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	result, err := r.step(ctx)
	if (err != nil || result != ctrl.Result{}) {
		return result, err
	}
	if err := r.finish(ctx); err != nil {
		return result, err
	}
	result, err = r.step(ctx)
	if err != nil || !result.IsZero() {
		return result, err
	}
	err = r.finish(ctx)
	return result, err
}

// Flagged: the check asks only for the error, so result may still hold
// the step's requeue when the later error is returned.
func (r *StepReconciler) reconcileUnchecked(ctx context.Context) (ctrl.Result, error) {
	result, err := r.step(ctx)
	if err != nil {
		return result, err
	}
	if err := r.finish(ctx); err != nil {
		return result, err // want `result, which may request a requeue, is returned with a non-nil error`
	}
	return result, nil
}

func (r *StepReconciler) lookup(ctx context.Context) (*int, error) { return nil, ctx.Err() }

// Quiet: err is nil past its check (the err of the if below is another
// variable), and client.IgnoreNotFound(nil) is nil.
func (r *StepReconciler) ignoredNil(ctx context.Context) (ctrl.Result, error) {
	n, err := r.lookup(ctx)
	if err != nil || n == nil {
		return ctrl.Result{}, err
	}
	if err := r.finish(ctx); err != nil {
		_ = err
	}
	return ctrl.Result{RequeueAfter: r.retry}, client.IgnoreNotFound(err)
}

// Flagged: err may be an error other than NotFound here.
func (r *StepReconciler) ignoredMaybe(ctx context.Context) (ctrl.Result, error) {
	_, err := r.lookup(ctx)
	return ctrl.Result{RequeueAfter: r.retry}, client.IgnoreNotFound(err) // want `ctrl.Result\{RequeueAfter: r.retry\} is returned with an error that may be non-nil`
}
