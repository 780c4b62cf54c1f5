package controllers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// A deletion check through the timestamp a helper returns
// (opentelemetry-operator: removeFinalizer returns the object's
// DeletionTimestamp, and the caller returns early when it is set).

// TimestampFromHelper adds the finalizer only where the helper's
// timestamp is nil: quiet.
type TimestampFromHelper struct{ client.Client }

func (r *TimestampFromHelper) cleanup(ctx context.Context, w *api.Widget) (*metav1.Time, error) {
	ts := w.GetDeletionTimestamp()
	if ts != nil && controllerutil.RemoveFinalizer(w, api.CleanupFinalizer) {
		return ts, r.Update(ctx, w)
	}
	return ts, nil
}

func (r *TimestampFromHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ts, err := r.cleanup(ctx, w)
	if err != nil || ts != nil {
		return ctrl.Result{}, err
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// TimestampOrNil returns nil on one path, so its nil says nothing:
// reported.
type TimestampOrNil struct{ client.Client }

func (r *TimestampOrNil) cleanup(ctx context.Context, w *api.Widget) (*metav1.Time, error) {
	if w.Name == "" {
		return nil, nil
	}
	return w.DeletionTimestamp, nil
}

func (r *TimestampOrNil) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ts, err := r.cleanup(ctx, w)
	if err != nil || ts != nil {
		return ctrl.Result{}, err
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) { // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}
