package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

const orderFinalizer = "mod.example.com/order"

// isDeletionOrderReversed reads a spec setting; its name speaks of
// deletion, but it says nothing of a deletion in progress.
func isDeletionOrderReversed(w *api.Widget) bool { return w.Spec.Size < 0 }

type OrderReconciler struct{ client.Client }

// The DeletionTimestamp test returns first; a predicate named after
// deletion then guards the add (argo-cd's ApplicationSet controller and
// IsDeletionOrderReversed): the object is not being deleted there. Quiet.
func (r *OrderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp != nil {
		controllerutil.RemoveFinalizer(w, orderFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if isDeletionOrderReversed(w) && !controllerutil.ContainsFinalizer(w, orderFinalizer) {
		controllerutil.AddFinalizer(w, orderFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}
