package controllers

import (
	"context"
	"slices"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// A compound condition remembered on the path (envoy gateway's
// GatewayClass controller, inline): past "if deleting && !has { return }",
// either the object is not being deleted or it holds the finalizer, so
// where a later test says it lacks the finalizer it is not being deleted,
// and the add there is safe.

// ReleasedReconciler returns for deleting objects that no longer hold the
// finalizer, then adds it where it is absent: quiet.
type ReleasedReconciler struct{ client.Client }

func (r *ReleasedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() && !slices.Contains(w.Finalizers, api.CleanupFinalizer) {
		return ctrl.Result{}, nil // being deleted, and already released
	}
	if !slices.Contains(w.Finalizers, api.CleanupFinalizer) {
		w.Finalizers = append(w.Finalizers, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// ReleasedHelperReconciler tests presence with controllerutil on both
// sides, the deletion through a variable: quiet.
type ReleasedHelperReconciler struct{ client.Client }

func (r *ReleasedHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	deleting := w.GetDeletionTimestamp() != nil
	if deleting && !controllerutil.ContainsFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, nil
	}
	r.logf("widget %s", w.Name)
	if !controllerutil.ContainsFinalizer(w, api.CleanupFinalizer) {
		controllerutil.AddFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

func (r *ReleasedHelperReconciler) logf(string, ...any) {}

// ReleasedOtherReconciler tests another finalizer first: reported.
type ReleasedOtherReconciler struct{ client.Client }

func (r *ReleasedOtherReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() && !slices.Contains(w.Finalizers, "widgets.example.com/other") {
		return ctrl.Result{}, nil
	}
	if !slices.Contains(w.Finalizers, api.CleanupFinalizer) {
		w.Finalizers = append(w.Finalizers, api.CleanupFinalizer) // want `added without a DeletionTimestamp check`
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// ReleasedRereadReconciler reads the object again in between: what the
// first test said no longer holds, reported.
type ReleasedRereadReconciler struct{ client.Client }

func (r *ReleasedRereadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() && !slices.Contains(w.Finalizers, api.CleanupFinalizer) {
		return ctrl.Result{}, nil
	}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if !slices.Contains(w.Finalizers, api.CleanupFinalizer) {
		w.Finalizers = append(w.Finalizers, api.CleanupFinalizer) // want `added without a DeletionTimestamp check`
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// ReleasedOrReconciler's first test is a disjunction, which says nothing
// where it is false: reported.
type ReleasedOrReconciler struct{ client.Client }

func (r *ReleasedOrReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() || !slices.Contains(w.Finalizers, api.CleanupFinalizer) {
		controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `added without a DeletionTimestamp check`
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}
