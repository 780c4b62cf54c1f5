package a

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"

	v1 "example.com/operator/api/v1"
)

// A helper of the package that makes a Result only from its parameter
// (cluster-api-ipam-provider-in-cluster's unwrapResult) passes on what
// its argument holds: a Result from a call stays a Result from a call.

type claimHandler2 interface {
	Release(ctx context.Context) (*ctrl.Result, error)
}

type ipamReconciler struct {
	h        claimHandler2
	interval time.Duration
}

func unwrapResult(res *ctrl.Result) ctrl.Result {
	if res == nil {
		return ctrl.Result{}
	}
	return *res
}

// Quiet: the handler's Result is judged where it is built.
func (r *ipamReconciler) Reconcile(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if res, err := r.h.Release(ctx); err != nil {
		return unwrapResult(res), fmt.Errorf("release: %w", err)
	}
	return ctrl.Result{}, nil
}

// Reported: the helper hands back the requeue it is given.
func (r *ipamReconciler) ReconcileLiteral(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if w.Name == "" {
		return unwrapResult(&ctrl.Result{RequeueAfter: r.interval}), errors.New("no name") // want `requeueerror: .* is returned with a non-nil error`
	}
	return ctrl.Result{}, nil
}

// orDefault builds a Result of its own: not a pass-through, so its
// requeue is what it returns.
func orDefault(res *ctrl.Result) ctrl.Result {
	if res == nil {
		return ctrl.Result{RequeueAfter: time.Minute}
	}
	return *res
}

func (r *ipamReconciler) ReconcileDefault(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if res, err := r.h.Release(ctx); err != nil {
		return orDefault(res), fmt.Errorf("release: %w", err) // want `requeueerror: .* is returned with a non-nil error`
	}
	return ctrl.Result{}, nil
}
