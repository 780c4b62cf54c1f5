package a

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// Subreconcilers (operator-sdk's pattern): each step returns a
// *ctrl.Result, nil to go on, and Reconcile stops at the first non-nil
// one and returns it with the step's error.

// ensureUpdated: the perses shape, a requeue asked for with the error.
func (r *RuleReconciler) ensureUpdated(ctx context.Context, w *v1.Widget) (*ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return &ctrl.Result{Requeue: true, RequeueAfter: r.interval}, err // want `requeueerror: &ctrl.Result\{Requeue: true, RequeueAfter: r.interval\} is returned with a non-nil error, so controller-runtime ignores the requested requeue.*return &ctrl.Result\{\}, err`
	}
	return nil, nil
}

func (r *RuleReconciler) ensureStatus(ctx context.Context, w *v1.Widget) (*reconcile.Result, error) {
	if err := r.Status().Update(ctx, w); err != nil {
		return &reconcile.Result{Requeue: true}, err // want `&reconcile.Result\{Requeue: true\} is returned with a non-nil error, so controller-runtime ignores Requeue.*: return &reconcile.Result\{\}, err`
	}
	return &reconcile.Result{RequeueAfter: time.Minute}, nil
}

func (r *RuleReconciler) ensureLater(ctx context.Context, w *v1.Widget) (*ctrl.Result, error) {
	err := r.Update(ctx, w)
	return &ctrl.Result{RequeueAfter: time.Minute}, err // want `&ctrl.Result\{RequeueAfter: time.Minute\} is returned with an error that may be non-nil`
}

// --- near-misses ---

// ensureStopped stops the loop on errors without asking for a requeue.
func (r *RuleReconciler) ensureStopped(ctx context.Context, w *v1.Widget) (*ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return nil, err
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return &ctrl.Result{}, err
	}
	if !w.Status.Ready {
		return &ctrl.Result{RequeueAfter: r.interval}, nil
	}
	return nil, nil
}

// runSteps passes a step's Result on: the step is checked where it
// builds it.
func (r *RuleReconciler) runSteps(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	steps := []func(context.Context, *v1.Widget) (*ctrl.Result, error){r.ensureStopped, r.ensureLater}
	for _, step := range steps {
		if res, err := step(ctx, w); res != nil {
			return *res, err
		}
	}
	return ctrl.Result{}, nil
}
