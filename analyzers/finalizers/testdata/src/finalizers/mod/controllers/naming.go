package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"example.com/gatewayapi"
	"finalizers/mod/api"
)

const (
	plainName  = "plain"
	dottedName = "widget.example.com"
)

// NamingReconciler uses finalizer names without a domain.
type NamingReconciler struct{ client.Client }

func (r *NamingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, api.Undomained)
		controllerutil.RemoveFinalizer(w, plainName)
		controllerutil.RemoveFinalizer(w, dottedName)
		controllerutil.RemoveFinalizer(w, gatewayapi.GatewayClassFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	controllerutil.AddFinalizer(w, api.Undomained) // want `finalizer name "undomained" is not domain-qualified: the API server answers each write that adds it with a warning and the name can collide with other controllers' finalizers; use a name with a path, like "example.com/undomained"`
	controllerutil.AddFinalizer(w, plainName)      // want `finalizer name "plain" is not domain-qualified`
	controllerutil.AddFinalizer(w, dottedName)     // want `finalizer name "widget.example.com" is not domain-qualified: the API server answers each write that adds it with a warning; use a name with a path, like "widget.example.com/finalizer"`
	controllerutil.AddFinalizer(w, api.Undomained) // reported once per name
	controllerutil.AddFinalizer(w, "foregroundDeletion")
	controllerutil.AddFinalizer(w, gatewayapi.GatewayClassFinalizer) // another API's name, which the project cannot rename
	return ctrl.Result{}, r.Update(ctx, w)
}
