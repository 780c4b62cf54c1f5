package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// A deferred call runs at the returns after its defer statement, not at
// those before it (grafana-operator's defer UpdateStatus after the
// deletion branch).

// DeferredAfterDeletion defers the status update, which adds the
// finalizer, after the deletion branch has returned.
type DeferredAfterDeletion struct{ client.Client }

func (r *DeferredAfterDeletion) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.GetDeletionTimestamp() != nil {
		return ctrl.Result{}, nil
	}
	defer r.saveWithFinalizer(ctx, w)
	return ctrl.Result{}, nil
}

// DeferredLiteralAfterDeletion defers a literal that adds it.
type DeferredLiteralAfterDeletion struct{ client.Client }

func (r *DeferredLiteralAfterDeletion) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.GetDeletionTimestamp() != nil {
		return ctrl.Result{}, nil
	}
	defer func() {
		if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
			_ = r.Update(ctx, w)
		}
	}()
	return ctrl.Result{}, nil
}

// DeferredBeforeDeletion defers the literal before the deletion branch:
// it runs at that branch's return too.
type DeferredBeforeDeletion struct{ client.Client }

func (r *DeferredBeforeDeletion) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if controllerutil.AddFinalizer(w, api.CleanupFinalizer) { // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
			_ = r.Update(ctx, w)
		}
	}()
	if w.GetDeletionTimestamp() != nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func (r *DeferredAfterDeletion) saveWithFinalizer(ctx context.Context, w *api.Widget) {
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		_ = r.Update(ctx, w)
	}
}
