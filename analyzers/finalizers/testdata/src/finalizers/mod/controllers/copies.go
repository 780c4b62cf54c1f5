package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// A deep copy has its source's DeletionTimestamp: a finalizer added to
// the copy of a parameter is judged by the parameter's callers (CDI's
// clone populator: claimCpy := pvc.DeepCopy() in a helper called only
// where pvc is not being deleted).
type CopyGuardedReconciler struct{ client.Client }

func (r *CopyGuardedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.initTarget(ctx, w)
	}
	cpy := w.DeepCopy()
	controllerutil.RemoveFinalizer(cpy, api.CleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, cpy)
}

func (r *CopyGuardedReconciler) initTarget(ctx context.Context, w *api.Widget) error {
	cpy := w.DeepCopy()
	controllerutil.AddFinalizer(cpy, api.CleanupFinalizer)
	return r.Update(ctx, cpy)
}

// The same helper, called where the object may be being deleted.
type CopyUncheckedReconciler struct{ client.Client }

func (r *CopyUncheckedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.initTarget(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

func (r *CopyUncheckedReconciler) initTarget(ctx context.Context, w *api.Widget) error {
	cpy := w.DeepCopy()
	controllerutil.AddFinalizer(cpy, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	return r.Update(ctx, cpy)
}

// A copy of an object read here and never checked.
type CopyReadReconciler struct{ client.Client }

func (r *CopyReadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	cpy := w.DeepCopy()
	controllerutil.AddFinalizer(cpy, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	return ctrl.Result{}, r.Update(ctx, cpy)
}
