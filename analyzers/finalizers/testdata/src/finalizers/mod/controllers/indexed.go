package controllers

import (
	"context"
	"slices"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizers/mod/api"
)

// IndexedReconciler removes finalizers by their index in the list
// (kubevirt HCO's ensureHcoDeleted).
type IndexedReconciler struct{ client.Client }

const (
	indexedFinalizer  = "mod.example.com/indexed"
	splicedFinalizer  = "mod.example.com/spliced"
	lookedUpFinalizer = "mod.example.com/looked-up"
)

func (r *IndexedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if !w.GetDeletionTimestamp().IsZero() {
		if idx := slices.Index(w.Finalizers, indexedFinalizer); idx >= 0 {
			w.Finalizers = slices.Delete(w.Finalizers, idx, idx+1)
		}
		spliceOut(w)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	w.Finalizers = append(w.Finalizers, indexedFinalizer)
	w.Finalizers = append(w.Finalizers, splicedFinalizer)
	if i := slices.Index(w.Finalizers, lookedUpFinalizer); i < 0 {
		w.Finalizers = append(w.Finalizers, lookedUpFinalizer) // want `finalizer "mod.example.com/looked-up" is added but no code in this module removes it`
	}
	return ctrl.Result{}, r.Update(ctx, w)
}

// spliceOut cuts the finalizer out with append.
func spliceOut(w *api.Widget) {
	i := slices.Index(w.Finalizers, splicedFinalizer)
	if i < 0 {
		return
	}
	w.Finalizers = append(w.Finalizers[:i], w.Finalizers[i+1:]...)
}
