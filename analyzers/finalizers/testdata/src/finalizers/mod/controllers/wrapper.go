package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizers/mod/api"
	"finalizers/mod/helpers"
)

// WrapperReconciler adds finalizers through a helper of the module, as
// cluster-api does with finalizers.EnsureFinalizer.
type WrapperReconciler struct{ client.Client }

func (r *WrapperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if added, err := helpers.EnsureFinalizer(ctx, r.Client, w, api.CleanupFinalizer); err != nil || added {
		return ctrl.Result{}, err
	}
	if _, err := helpers.EnsureFinalizer(ctx, r.Client, w, "mod.example.com/ensured"); err != nil { // want `finalizer "mod.example.com/ensured" is added but no code in this module removes it`
		return ctrl.Result{}, err
	}
	helpers.AddFinalizerLogged(w, "mod.example.com/logged", "adding") // two string parameters, none named finalizer: not judged
	return ctrl.Result{}, nil
}
