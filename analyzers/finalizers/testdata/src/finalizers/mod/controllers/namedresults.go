package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// A helper with named results ends in a bare return while its error result
// holds the outcome of a read: the summary of its results must take only
// objects from the named results, not the error's outcome (kuberay v1.5.0,
// which made the analysis panic).

func fetchWidget(ctx context.Context, c client.Client, key client.ObjectKey) (w *api.Widget, err error) {
	w = &api.Widget{}
	if err = c.Get(ctx, key, w); err != nil {
		return
	}
	return
}

// NamedResultsReconciler reads through the helper and adds the finalizer
// before it checks for deletion.
type NamedResultsReconciler struct{ client.Client }

func (r *NamedResultsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w, err := fetchWidget(ctx, r.Client, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) { // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}
