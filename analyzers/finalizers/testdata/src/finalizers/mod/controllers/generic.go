package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizers/mod/api"
)

// A generic reconcile function (opensearch-k8s-operator's
// reconcileGenericMigration): its object is P(new(T)), read with Get.

type GenericAddReconciler struct{ client.Client }

func (r *GenericAddReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileGeneric[api.Widget](ctx, r.Client, req)
}

func reconcileGeneric[T any, P interface {
	*T
	client.Object
}](ctx context.Context, c client.Client, req ctrl.Request) (ctrl.Result, error) {
	obj := P(new(T))
	if err := c.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	obj.SetFinalizers(append(obj.GetFinalizers(), api.CleanupFinalizer)) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	return ctrl.Result{}, c.Update(ctx, obj)
}

// The fixed order: quiet.
type FixedGenericAddReconciler struct{ client.Client }

func (r *FixedGenericAddReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileGenericFixed[api.Widget](ctx, r.Client, req)
}

func reconcileGenericFixed[T any, P interface {
	*T
	client.Object
}](ctx context.Context, c client.Client, req ctrl.Request) (ctrl.Result, error) {
	obj := P(new(T))
	if err := c.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	if !obj.GetDeletionTimestamp().IsZero() {
		return ctrl.Result{}, nil
	}
	obj.SetFinalizers(append(obj.GetFinalizers(), api.CleanupFinalizer))
	return ctrl.Result{}, c.Update(ctx, obj)
}
