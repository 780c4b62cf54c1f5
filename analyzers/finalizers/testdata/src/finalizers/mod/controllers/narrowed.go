package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// NarrowedReconciler narrows a boolean with the deletion check before it
// branches on it (netbird's Service reconciler): quiet.
type NarrowedReconciler struct{ client.Client }

func (r *NarrowedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	_, expose := w.Annotations["expose"]
	expose = expose && w.DeletionTimestamp == nil
	if expose {
		return r.expose(ctx, w)
	}
	if controllerutil.RemoveFinalizer(&w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

func (r *NarrowedReconciler) expose(ctx context.Context, w api.Widget) (ctrl.Result, error) {
	if controllerutil.AddFinalizer(&w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// LateNarrowedReconciler branches on the variable before it narrows it,
// and after narrowing it on one branch only: reported.
type LateNarrowedReconciler struct{ client.Client }

func (r *LateNarrowedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	_, expose := w.Annotations["expose"]
	if expose {
		controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	}
	expose = expose && w.DeletionTimestamp == nil
	_, other := w.Labels["other"]
	if w.Generation > 1 {
		other = other && w.DeletionTimestamp == nil
	}
	if other {
		controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	}
	if expose && !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	}
	return ctrl.Result{}, r.Update(ctx, w)
}
