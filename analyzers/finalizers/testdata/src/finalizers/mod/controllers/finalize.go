package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"

	"finalizers/mod/api"
)

// FinalizeReconciler keeps its finalizers in controller-runtime's
// finalizer.Finalizers, whose Finalize adds them to an object that is not
// being deleted and runs and removes them from one that is: it looks at
// the deletion timestamp itself.
type FinalizeReconciler struct {
	client.Client
	finalizers finalizer.Finalizers
}

// Not flagged: Finalize's changes are saved where it made them.
func (r *FinalizeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res, err := r.finalizers.Finalize(ctx, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	if res.Updated {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// Not flagged: the caller saves what the helper's Finalize changed.
func (r *FinalizeReconciler) reconcileSaved(ctx context.Context, w *api.Widget) error {
	if _, err := r.finalizers.Finalize(ctx, w); err != nil {
		return err
	}
	return nil
}
