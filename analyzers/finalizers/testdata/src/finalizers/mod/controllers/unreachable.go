package controllers

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// Removals that an inverted error check makes unreachable on success.

// InvertedReconciler returns when the cleanup succeeds: !IsNotFound(nil)
// is true.
type InvertedReconciler struct{ client.Client }

func (r *InvertedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		err := r.Delete(ctx, &api.Widget{})
		if !apierrors.IsNotFound(err) { // want `apierrors.IsNotFound\(err\) is false also when err is nil, so when r.Delete succeeds the function returns here and RemoveFinalizer at line 30 never runs`
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// CheckedReconciler returns only on other errors.
type CheckedReconciler struct{ client.Client }

func (r *CheckedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		err := r.Delete(ctx, &api.Widget{})
		if err != nil && !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// NestedReconciler checks inside err != nil.
type NestedReconciler struct{ client.Client }

func (r *NestedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		if err := r.Delete(ctx, &api.Widget{}); err != nil {
			if !apierrors.IsNotFound(err) {
				return ctrl.Result{}, err
			}
		}
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// InsideReconciler removes the finalizer inside err != nil: the check
// cannot see a nil error there (cluster-api's ClusterResourceSet).
type InsideReconciler struct{ client.Client }

func (r *InsideReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		binding := &api.Widget{}
		if err := r.Get(ctx, req.NamespacedName, binding); err != nil {
			if !apierrors.IsNotFound(err) {
				return ctrl.Result{}, err
			}
			controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
			return ctrl.Result{}, r.Update(ctx, w)
		}
		return ctrl.Result{}, r.Delete(ctx, binding)
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}
