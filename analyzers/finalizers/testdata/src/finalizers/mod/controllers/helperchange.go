package controllers

import (
	"context"
	"errors"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizers/mod/api"
)

// Item 4 for a finalizer list edited by a function of the package
// (vsphere-csi-driver#651): the list is what must be saved, however it
// is edited.

// HelperRemoveReconciler removes the finalizer with a helper of its own on
// the deletion path and returns without saving the object.
type HelperRemoveReconciler struct{ client.Client }

func (r *HelperRemoveReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp != nil {
		dropCleanupFinalizer(w) // want `dropCleanupFinalizer changes the finalizers of w but w is never updated or patched afterwards on the path that returns at line 28: the API server keeps the old list`
		return ctrl.Result{}, nil
	}
	w.Spec.Size = 1
	return ctrl.Result{}, r.Update(ctx, w)
}

// HelperRemoveSavedReconciler saves the object after the helper.
type HelperRemoveSavedReconciler struct{ client.Client }

func (r *HelperRemoveSavedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp != nil {
		dropCleanupFinalizer(w)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// HelperRemoveErrorReconciler returns an error on the path that does not
// save: the request is retried.
type HelperRemoveErrorReconciler struct{ client.Client }

func (r *HelperRemoveErrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp != nil {
		dropCleanupFinalizer(w)
		if w.Spec.Size > 0 {
			return ctrl.Result{}, errNotYet
		}
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// A helper that only reads the list changes nothing.
type HelperReadReconciler struct{ client.Client }

func (r *HelperReadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if hasCleanupFinalizer(w) {
		return ctrl.Result{}, nil
	}
	w.Spec.Size = 1
	return ctrl.Result{}, r.Update(ctx, w)
}

var errNotYet = errors.New("not yet")

// dropCleanupFinalizer edits the list by hand.
func dropCleanupFinalizer(w *api.Widget) {
	for i, f := range w.Finalizers {
		if f == api.CleanupFinalizer {
			w.Finalizers = append(w.Finalizers[:i], w.Finalizers[i+1:]...)
			break
		}
	}
}

func hasCleanupFinalizer(w *api.Widget) bool {
	for _, f := range w.Finalizers {
		if f == api.CleanupFinalizer {
			return true
		}
	}
	return false
}
