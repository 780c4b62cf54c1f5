// Package controllers holds the reconcilers of the finalizers check's tests.
package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// ScaffoldReconciler follows the kubebuilder scaffold: nothing to report.
type ScaffoldReconciler struct{ client.Client }

func (r *ScaffoldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		if !controllerutil.ContainsFinalizer(w, api.CleanupFinalizer) {
			controllerutil.AddFinalizer(w, api.CleanupFinalizer)
			if err := r.Update(ctx, w); err != nil {
				return ctrl.Result{}, err
			}
		}
	} else {
		if controllerutil.ContainsFinalizer(w, api.CleanupFinalizer) {
			if err := r.cleanup(ctx, w); err != nil {
				// Keep the finalizer: the cleanup is retried.
				return ctrl.Result{}, err
			}
			controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
			if err := r.Update(ctx, w); err != nil {
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func (r *ScaffoldReconciler) cleanup(ctx context.Context, w *api.Widget) error { return nil }
