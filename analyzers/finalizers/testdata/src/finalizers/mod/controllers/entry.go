package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
	"finalizers/mod/helpers"
)

// Entry points that a reconciler of another package calls with the object
// it read (korifi's generic PatchingReconciler hands it to
// ReconcileResource): the object may be being deleted.

type ItemReconciler struct{ client.Client }

func (r *ItemReconciler) ReconcileResource(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if err := helpers.AddFinalizer(ctx, r.Client, w, api.CleanupFinalizer); err != nil { // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
		return ctrl.Result{}, err
	}
	if !w.GetDeletionTimestamp().IsZero() {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

type DirectItemReconciler struct{ client.Client }

func (r *DirectItemReconciler) ReconcileResource(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	return ctrl.Result{}, r.Update(ctx, w)
}

// The fixed order: deletion first, then the add, directly or through the
// wrapper.
type FixedItemReconciler struct{ client.Client }

func (r *FixedItemReconciler) ReconcileResource(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if !w.GetDeletionTimestamp().IsZero() {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if err := helpers.AddFinalizer(ctx, r.Client, w, api.CleanupFinalizer); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

// Wrappers that check deletion themselves (a DeletionTimestamp, or a
// helper whose name speaks of it): the add is theirs to judge.
type CheckedWrapperReconciler struct{ client.Client }

func (r *CheckedWrapperReconciler) ReconcileResource(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if _, err := helpers.EnsureFinalizer(ctx, r.Client, w, api.CleanupFinalizer); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, helpers.EnsureFinalizerLive(ctx, r.Client, w, api.CleanupFinalizer)
}

// A step the package calls through an interface, after its own deletion
// check: not an entry point.
type widgetStep interface {
	ReconcileStep(ctx context.Context, w *api.Widget) (ctrl.Result, error)
}

type finalizerStep struct{ client.Client }

func (s finalizerStep) ReconcileStep(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, s.Update(ctx, w)
}

type StepsReconciler struct {
	client.Client
	steps []widgetStep
}

func (r *StepsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	for _, s := range r.steps {
		if res, err := s.ReconcileStep(ctx, w); err != nil || !res.IsZero() {
			return res, err
		}
	}
	return ctrl.Result{}, nil
}

// A function the package uses as a value, after its deletion check: not an
// entry point either.
type PhasedReconciler struct{ client.Client }

func (r *PhasedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	phases := []func(context.Context, *api.Widget) (ctrl.Result, error){r.ensureFinalizer}
	for _, phase := range phases {
		if res, err := phase(ctx, w); err != nil {
			return res, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *PhasedReconciler) ensureFinalizer(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

// A function (not a method) returning a reconcile.Result: a helper that
// controllers of another package call after their own check, not an entry
// point.
func EnsureWidgetFinalizer(ctx context.Context, c client.Client, w *api.Widget) (ctrl.Result, error) {
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, c.Update(ctx, w)
}
