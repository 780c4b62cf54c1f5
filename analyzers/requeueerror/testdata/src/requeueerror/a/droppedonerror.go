package a

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// A sub-reconciler whose only caller returns its Result where its error
// is nil (cluster-api-provider-openstack's reconcileBastion): the Result
// it builds beside an error never reaches controller-runtime, so it is
// not judged.

type BastionReconciler struct{ RuleReconciler }

func (r *BastionReconciler) waitBastion(ctx context.Context, w *v1.Widget) (bool, error) {
	return false, r.Update(ctx, w)
}

func (r *BastionReconciler) reconcileBastion(ctx context.Context, w *v1.Widget) (*reconcile.Result, error) {
	waiting, err := r.waitBastion(ctx, w)
	if err != nil || waiting {
		return &reconcile.Result{RequeueAfter: time.Minute}, err
	}
	return nil, nil
}

func (r *BastionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1.Widget{}
	result, err := r.reconcileBastion(ctx, w)
	if err != nil {
		return reconcile.Result{}, err
	}
	if result != nil {
		return *result, nil
	}
	return r.reconcileOther(ctx, w)
}

// --- near-misses: the caller returns the Result where the error may be
// non-nil, so the helper is judged ---

func (r *BastionReconciler) reconcileWrapped(ctx context.Context, w *v1.Widget) (*reconcile.Result, error) {
	waiting, err := r.waitBastion(ctx, w)
	if err != nil || waiting {
		return &reconcile.Result{RequeueAfter: time.Minute}, err // want `&reconcile.Result\{RequeueAfter: time.Minute\} is returned with an error that may be non-nil`
	}
	return nil, nil
}

func (r *BastionReconciler) reconcileOther(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	result, err := r.reconcileWrapped(ctx, w)
	if err != nil {
		return *result, fmt.Errorf("bastion: %w", err)
	}
	return ctrl.Result{}, nil
}

func (r *BastionReconciler) reconcileLogged(ctx context.Context, w *v1.Widget) (*reconcile.Result, error) {
	waiting, err := r.waitBastion(ctx, w)
	if err != nil || waiting {
		return &reconcile.Result{RequeueAfter: time.Minute}, err // want `&reconcile.Result\{RequeueAfter: time.Minute\} is returned with an error that may be non-nil`
	}
	return nil, nil
}

// The check of err logs and goes on: the Result is returned whatever err
// holds.
func (r *BastionReconciler) ReconcileLogged(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	result, err := r.reconcileLogged(ctx, w)
	if err != nil {
		fmt.Println(err)
	}
	if result != nil {
		return *result, err
	}
	return ctrl.Result{}, nil
}

func (r *BastionReconciler) reconcileDeclared(ctx context.Context, w *v1.Widget) (*reconcile.Result, error) {
	waiting, err := r.waitBastion(ctx, w)
	if err != nil || waiting {
		return &reconcile.Result{RequeueAfter: time.Minute}, err // want `&reconcile.Result\{RequeueAfter: time.Minute\} is returned with an error that may be non-nil`
	}
	return nil, nil
}

// A var declaration in a loop makes a new error each time: the check of
// the last one says nothing of it.
func (r *BastionReconciler) ReconcileDeclared(ctx context.Context, ws []*v1.Widget) (ctrl.Result, error) {
	var prev error
	for _, w := range ws {
		if prev != nil {
			return ctrl.Result{}, prev
		}
		var result, err = r.reconcileDeclared(ctx, w)
		if result != nil {
			return *result, err
		}
		prev = err
	}
	return ctrl.Result{}, nil
}

// The Result built across a loop and returned with the joined errors, to
// a caller that assigns it to a declared variable and returns it only
// where the error is nil (cluster-api-provider-ibmcloud's
// reconcileAdditionalVolumes, whose caller logs the Result before it
// returns it): not judged.
func (r *BastionReconciler) reconcileVolumes(ctx context.Context, ws []*v1.Widget) (ctrl.Result, error) {
	result := ctrl.Result{}
	errList := []error{}
	for _, w := range ws {
		if err := r.Update(ctx, w); err != nil {
			errList = append(errList, err)
			continue
		}
		result = ctrl.Result{RequeueAfter: 10 * time.Second}
	}
	return result, errors.Join(errList...)
}

func (r *BastionReconciler) reconcileMachine(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	done, err := r.waitBastion(ctx, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	if done {
		return ctrl.Result{}, nil
	}
	if err = r.Update(ctx, w); err != nil {
		return ctrl.Result{}, fmt.Errorf("update: %w", err)
	}
	var result ctrl.Result
	result, err = r.reconcileVolumes(ctx, []*v1.Widget{w})
	if err != nil {
		return ctrl.Result{}, fmt.Errorf("volumes: %w", err)
	}
	fmt.Println("reconciled", "result", result) // a log line reads it
	return result, nil
}

func (r *BastionReconciler) ReconcileMachine(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	return r.reconcileMachine(ctx, w)
}
