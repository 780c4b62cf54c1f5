package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// The object is reached through the accessors of an interface that
// several reconcilers implement: code opvet cannot see into.

type scope interface {
	Object() client.Object
	Client() client.Client
	Context() context.Context
}

// Quiet: the caller checks the deletion of the same accessor's object
// before it calls the helper that adds the finalizer.
func reconcileScope(s scope) (ctrl.Result, error) {
	if s.Object().GetDeletionTimestamp() != nil {
		return ctrl.Result{}, cleanupScope(s)
	}
	return ctrl.Result{}, setupScope(s)
}

func setupScope(s scope) error {
	if !controllerutil.ContainsFinalizer(s.Object(), api.CleanupFinalizer) {
		controllerutil.AddFinalizer(s.Object(), api.CleanupFinalizer)
		return s.Client().Update(s.Context(), s.Object())
	}
	return nil
}

func cleanupScope(s scope) error {
	controllerutil.RemoveFinalizer(s.Object(), api.CleanupFinalizer)
	return s.Client().Update(s.Context(), s.Object())
}

// ScopeReconciler hands its scope to the helpers.
type ScopeReconciler struct {
	client.Client
	scope scope
}

func (r *ScopeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileScope(r.scope)
}

// UncheckedScopeReconciler adds the finalizer through the accessor with no
// deletion check on the way.
type UncheckedScopeReconciler struct {
	client.Client
	scope scope
}

func (r *UncheckedScopeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if controllerutil.AddFinalizer(r.scope.Object(), api.CleanupFinalizer) { // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
		return ctrl.Result{}, r.Update(ctx, r.scope.Object())
	}
	return ctrl.Result{}, nil
}
