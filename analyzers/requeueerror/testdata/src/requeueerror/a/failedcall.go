package a

import (
	"context"
	"fmt"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// FailedCallReconciler runs reconcilers it cannot see (kserve's component
// reconcilers, implemented in another package).
type FailedCallReconciler struct {
	client.Client
	inner reconcile.Reconciler
}

// Quiet: the Result of a call whose own error is non-nil, returned with
// another error, drops what returning the callee's own pair would drop:
// whether it holds a requeue was the callee's decision. Reported: the
// Result of a call that succeeded, returned with a new error.
func (r *FailedCallReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1.Widget{}
	result, err := r.inner.Reconcile(ctx, req)
	if err != nil {
		if err := r.Status().Update(ctx, w); err != nil {
			return result, err
		}
		return ctrl.Result{}, fmt.Errorf("inner: %w", err)
	}
	if err := r.Update(ctx, w); err != nil {
		return result, err // want `result, which may request a requeue, is returned with a non-nil error`
	}
	return result, nil
}

// Quiet: the same with the error replaced in place.
func (r *FailedCallReconciler) Replaced(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	result, err := r.inner.Reconcile(ctx, req)
	if err != nil {
		err = r.Status().Update(ctx, &v1.Widget{})
		return result, err
	}
	return result, nil
}

// Reported: replaced where the call's error may be nil.
func (r *FailedCallReconciler) ReplacedAnywhere(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	result, err := r.inner.Reconcile(ctx, req)
	err = r.Status().Update(ctx, &v1.Widget{})
	return result, err // want `result, which may request a requeue, is returned with an error that may be non-nil`
}
