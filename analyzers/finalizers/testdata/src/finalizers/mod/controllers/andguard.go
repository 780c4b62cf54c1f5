package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// AndGuardReconciler: openstack-k8s-operators' idiom, the deletion check
// and the add in one condition (&& short-circuits the add).
type AndGuardReconciler struct{ client.Client }

func (r *AndGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	isNew := obj.Generation == 1
	if obj.DeletionTimestamp.IsZero() && controllerutil.AddFinalizer(obj, api.CleanupFinalizer) || isNew {
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

// AndGuard2Reconciler: the same without the trailing || operand.
type AndGuard2Reconciler struct{ client.Client }

func (r *AndGuard2Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() && controllerutil.AddFinalizer(obj, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}
