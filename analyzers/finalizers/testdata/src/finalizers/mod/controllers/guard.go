package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// EarlyReconciler adds the finalizer before it checks for deletion.
type EarlyReconciler struct{ client.Client }

func (r *EarlyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) { // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first: once the object is being deleted the API server refuses the write`
		if err := r.Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// IndirectReconciler reaches the add through a helper, unguarded.
type IndirectReconciler struct{ client.Client }

func (r *IndirectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	return r.reconcileNormal(ctx, w)
}

func (r *IndirectReconciler) reconcileNormal(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	w.Finalizers = append(w.Finalizers, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	return ctrl.Result{}, r.Update(ctx, w)
}

// GuardedReconciler checks for deletion before it calls the helper that
// adds the finalizer.
type GuardedReconciler struct{ client.Client }

func (r *GuardedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if w.GetDeletionTimestamp() != nil {
		return r.reconcileDelete(ctx, w)
	}
	return r.reconcileNormal(ctx, w)
}

func (r *GuardedReconciler) reconcileNormal(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

func (r *GuardedReconciler) reconcileDelete(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

// HelperGuardReconciler checks for deletion in a helper function.
type HelperGuardReconciler struct{ client.Client }

func (r *HelperGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if deleting(w) {
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

func deleting(o metav1.Object) bool { return !o.GetDeletionTimestamp().IsZero() }

// EnsureFinalizer has no caller in the package: its callers are unknown,
// so it is not judged.
func EnsureFinalizer(ctx context.Context, c client.Client, o client.Object) error {
	if controllerutil.AddFinalizer(o, api.CleanupFinalizer) {
		return c.Update(ctx, o)
	}
	return nil
}

// FreshReconciler adds a finalizer to an object it creates.
type FreshReconciler struct{ client.Client }

func (r *FreshReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	controllerutil.AddFinalizer(s, api.CleanupFinalizer)
	return ctrl.Result{}, r.Create(ctx, s)
}
