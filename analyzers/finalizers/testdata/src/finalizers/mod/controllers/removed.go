package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
	"finalizers/mod/helpers"
)

// RemovedReconciler adds finalizers that only code elsewhere removes.
type RemovedReconciler struct{ client.Client }

func (r *RemovedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if !w.GetDeletionTimestamp().IsZero() {
		helpers.Release(w)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	controllerutil.AddFinalizer(w, api.HelperFinalizer)   // removed by helpers.Release
	controllerutil.AddFinalizer(w, api.WrappedFinalizer)  // removed by cleanup.Finish through helpers.Drop
	controllerutil.AddFinalizer(w, api.FilteredFinalizer) // filtered out by helpers.Filter
	controllerutil.AddFinalizer(w, api.FieldFinalizer)    // removed by helpers.Remover through a field
	controllerutil.AddFinalizer(w, api.LeakedFinalizer)   // want `finalizer "mod.example.com/leaked" is added but no code in this module removes it: objects that carry it stay in Terminating forever`
	controllerutil.AddFinalizer(w, api.TestOnlyFinalizer) // want `finalizer "mod.example.com/test-only" is added but no code in this module removes it`
	controllerutil.AddFinalizer(w, api.NestedFinalizer)   // want `finalizer "mod.example.com/nested" is added but no code`
	controllerutil.AddFinalizer(w, "mod.example.com/local")
	w.Finalizers = append(w.Finalizers, "mod.example.com/appended")                // want `finalizer "mod.example.com/appended" is added but no code`
	w.SetFinalizers(append(w.GetFinalizers(), api.Group+"/set"))                   // want `finalizer "mod.example.com/set" is added but no code`
	controllerutil.AddFinalizer(w, "orphan")                                       // Kubernetes removes it
	controllerutil.AddFinalizer(w, "kubernetes.io/pvc-protection")                 // Kubernetes removes it
	w.ObjectMeta.Finalizers = append(w.ObjectMeta.Finalizers, api.LeakedFinalizer) // reported once per name
	return ctrl.Result{}, r.Update(ctx, w)
}

// finish removes the local finalizer by its value.
func finish(w *api.Widget) {
	controllerutil.RemoveFinalizer(w, "mod.example.com/local")
}
