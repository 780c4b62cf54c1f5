// Package deferred holds the cases of -requeueerror.deferred: a deferred
// patch that sets the named error result while the Result requests a
// requeue (kubernetes-sigs/cluster-api-provider-openstack#1839).
package deferred

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{}

func (r *Reconciler) patch(ctx context.Context) error { return nil }

func (r *Reconciler) reconcileNormal(ctx context.Context) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *Reconciler) reconcileDone(ctx context.Context) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// Flagged.

// The Result is unnamed: the deferred patch cannot clear it.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	defer func() {
		if err := r.patch(ctx); err != nil {
			if reterr == nil {
				reterr = fmt.Errorf("patching: %w", err) // want `this deferred function sets reterr while the function may return a requeue \(deferred.go:38\): when it does, controller-runtime ignores the requeue .*: name the Result and set it to its zero value here`
			}
		}
	}()
	return r.reconcileNormal(ctx)
}

type Named struct{ Reconciler }

// The Result is named and left as the return set it.
func (r *Named) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, reterr error) {
	defer func() {
		if err := r.patch(ctx); err != nil {
			reterr = errors.Join(reterr, err) // want `this deferred function sets reterr while the function may return a requeue \(deferred.go:51\).*: set res to its zero value here`
		}
	}()
	if req.Name == "" {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}

type Bare struct{ Reconciler }

// A bare return of a requeue set in the named Result
// (notification-controller's Receiver reconciler).
func (r *Bare) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, retErr error) {
	defer func() {
		if err := r.patch(ctx); err != nil {
			retErr = errors.Join(retErr, err) // want `this deferred function sets retErr while the function may return a requeue`
		}
	}()
	if req.Name == "" {
		result = ctrl.Result{Requeue: true}
		return
	}
	return ctrl.Result{}, nil
}

// Not flagged.

type Fixed struct{ Reconciler }

// The fix: the deferred function clears the Result with the error.
func (r *Fixed) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, reterr error) {
	defer func() {
		if err := r.patch(ctx); err != nil {
			result = ctrl.Result{}
			reterr = errors.Join(reterr, err)
		}
	}()
	return r.reconcileNormal(ctx)
}

type NoRequeue struct{ Reconciler }

// No return requests a requeue.
func (r *NoRequeue) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	defer func() {
		if err := r.patch(ctx); err != nil {
			reterr = err
		}
	}()
	if req.Name == "" {
		return ctrl.Result{}, nil
	}
	return r.reconcileDone(ctx)
}

type ResetOnly struct{ Reconciler }

// The deferred function only clears the error.
func (r *ResetOnly) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	defer func() {
		reterr = nil
	}()
	return ctrl.Result{RequeueAfter: time.Second}, nil
}
