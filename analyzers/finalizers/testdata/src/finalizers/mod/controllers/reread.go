package controllers

import (
	"context"

	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// A re-read of the same object after the deletion check
// (opensearch-k8s-operator's RetryOnConflict around Get, AddFinalizer,
// Update): a deletion that begins in between only fails this write, and
// the next reconcile sees it. Quiet.

type RereadReconciler struct {
	client.Client
	Widget *api.Widget
}

func (r *RereadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.Widget = &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, r.Widget); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if r.Widget.DeletionTimestamp.IsZero() {
		if !controllerutil.ContainsFinalizer(r.Widget, api.CleanupFinalizer) {
			err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
				if err := r.Get(ctx, req.NamespacedName, r.Widget); err != nil {
					return err
				}
				controllerutil.AddFinalizer(r.Widget, api.CleanupFinalizer)
				return r.Update(ctx, r.Widget)
			})
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	controllerutil.RemoveFinalizer(r.Widget, api.CleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, r.Widget)
}

// The same on a local variable, re-read by its own key.
type RereadLocalReconciler struct{ client.Client }

func (r *RereadLocalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.reconcile(ctx, req)
}

func (r *RereadLocalReconciler) reconcile(ctx context.Context, req ctrl.Request) error {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return r.Update(ctx, w)
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
			return err
		}
		controllerutil.AddFinalizer(w, api.CleanupFinalizer)
		return r.Update(ctx, w)
	})
}

// A read of another key into the checked variable is another object:
// reported.
type RereadOtherReconciler struct {
	client.Client
	Other client.ObjectKey
}

func (r *RereadOtherReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.reconcile(ctx, req, r.Other)
}

func (r *RereadOtherReconciler) reconcile(ctx context.Context, req ctrl.Request, other client.ObjectKey) error {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	if !w.DeletionTimestamp.IsZero() {
		return nil
	}
	if err := r.Get(ctx, other, w); err != nil {
		return err
	}
	controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	return r.Update(ctx, w)
}

// A re-read on a path where the object was not read before is its first
// read: reported.
type RereadMaybeReconciler struct {
	client.Client
	First bool
}

func (r *RereadMaybeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.reconcile(ctx, req, r.First)
}

func (r *RereadMaybeReconciler) reconcile(ctx context.Context, req ctrl.Request, first bool) error {
	w := &api.Widget{}
	if first {
		if err := r.Get(ctx, req.NamespacedName, w); err != nil {
			return err
		}
		if !w.DeletionTimestamp.IsZero() {
			return nil
		}
	}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	return r.Update(ctx, w)
}
