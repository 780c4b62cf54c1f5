package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizers/mod/api"
)

// GadgetReconciler adds and removes its finalizers with the API type's own
// methods, whose RemoveFinalizer takes only the name.
type GadgetReconciler struct{ client.Client }

func (r *GadgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &api.Gadget{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !g.GetDeletionTimestamp().IsZero() {
		g.RemoveFinalizer(api.MethodFinalizer)
		return ctrl.Result{}, r.Update(ctx, g)
	}
	g.AddFinalizer(api.MethodFinalizer) // removed by the method above
	g.AddFinalizer(api.KeptFinalizer)   // want `finalizer "mod.example.com/kept" is added but no code in this module removes it`
	return ctrl.Result{}, r.Update(ctx, g)
}
