package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// A generic reconciler that reads the object into a field of its own
// (cluster-api-operator's GenericProviderReconciler reads r.Provider):
// controller-runtime calls Reconcile, so nothing checked that object.

type FieldReconciler struct {
	client.Client
	Widget *api.Widget
}

func (r *FieldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Get(ctx, req.NamespacedName, r.Widget); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !controllerutil.ContainsFinalizer(r.Widget, api.CleanupFinalizer) {
		controllerutil.AddFinalizer(r.Widget, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
		return ctrl.Result{}, r.Update(ctx, r.Widget)
	}
	if !r.Widget.GetDeletionTimestamp().IsZero() {
		controllerutil.RemoveFinalizer(r.Widget, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, r.Widget)
	}
	return ctrl.Result{}, nil
}

// The same with deletion handled first: quiet.
type FixedFieldReconciler struct {
	client.Client
	Widget *api.Widget
}

func (r *FixedFieldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Get(ctx, req.NamespacedName, r.Widget); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !r.Widget.GetDeletionTimestamp().IsZero() {
		controllerutil.RemoveFinalizer(r.Widget, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, r.Widget)
	}
	if !controllerutil.ContainsFinalizer(r.Widget, api.CleanupFinalizer) {
		controllerutil.AddFinalizer(r.Widget, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, r.Widget)
	}
	return ctrl.Result{}, nil
}

// controller-runtime's ObjectReconciler: reconcile.AsReconciler reads the
// object and hands it to Reconcile, being deleted or not.
type ObjectWidgetReconciler struct{ client.Client }

func (r *ObjectWidgetReconciler) Reconcile(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	return ctrl.Result{}, r.Update(ctx, w)
}

type FixedObjectWidgetReconciler struct{ client.Client }

func (r *FixedObjectWidgetReconciler) Reconcile(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if !w.GetDeletionTimestamp().IsZero() {
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

// A sub-reconciler the package calls through an interface, after its own
// deletion check: its object comes checked.
type widgetSubReconciler interface {
	Reconcile(ctx context.Context, w *api.Widget, owner string) (ctrl.Result, error)
}

type finalizerSub struct{ client.Client }

func (s *finalizerSub) Reconcile(ctx context.Context, w *api.Widget, owner string) (ctrl.Result, error) {
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, s.Update(ctx, w)
}

type ParentWidgetReconciler struct {
	client.Client
	subs []widgetSubReconciler
}

func (r *ParentWidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.GetDeletionTimestamp().IsZero() {
		return ctrl.Result{}, nil
	}
	for _, s := range r.subs {
		if res, err := s.Reconcile(ctx, w, req.Name); err != nil || !res.IsZero() {
			return res, err
		}
	}
	return ctrl.Result{}, nil
}
