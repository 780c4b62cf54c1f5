package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// requestScope holds the object of one request (benthosdev/benthos-captain's
// PipelineScope).
type requestScope struct {
	Ctx    context.Context
	Widget *api.Widget
}

// StatusOnlyReconciler adds the finalizer on the scope's object, whose only
// write is a status update (benthosdev/benthos-captain#23).
type StatusOnlyReconciler struct{ client.Client }

func (r *StatusOnlyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	scope := &requestScope{Ctx: ctx, Widget: w}
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.reconcileDelete(scope)
	}
	return ctrl.Result{}, r.reconcileNormal(scope)
}

func (r *StatusOnlyReconciler) reconcileNormal(scope *requestScope) error {
	controllerutil.AddFinalizer(scope.Widget, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added to scope.Widget, but the first write of scope.Widget after it is Status\(\).Update in r.setStatus at line 38, which writes only the status and replaces scope.Widget with the stored object, so the change is lost; call Update or Patch on scope.Widget after AddFinalizer`
	return r.setStatus(scope)
}

func (r *StatusOnlyReconciler) setStatus(scope *requestScope) (err error) {
	defer func() {
		if e := r.Status().Update(scope.Ctx, scope.Widget); e != nil {
			err = e
		}
	}()
	scope.Widget.Labels = map[string]string{"example.com/ready": "true"}
	return nil
}

// reconcileDelete saves the removal before the status: quiet.
func (r *StatusOnlyReconciler) reconcileDelete(scope *requestScope) error {
	controllerutil.RemoveFinalizer(scope.Widget, api.CleanupFinalizer)
	if err := r.Update(scope.Ctx, scope.Widget); err != nil {
		return err
	}
	return r.setStatus(scope)
}

// AddedOkReconciler returns without a write where AddFinalizer reports
// that it changed nothing (benthosdev/benthos-captain's fix): quiet.
type AddedOkReconciler struct{ client.Client }

func (r *AddedOkReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if ok := controllerutil.AddFinalizer(w, api.CleanupFinalizer); !ok {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Update(ctx, w)
}

// ScopeDropReconciler removes the finalizer from the scope's object on the
// deletion path and returns: nothing writes the object there
// (benthosdev/benthos-captain#23, the removal).
type ScopeDropReconciler struct{ client.Client }

func (r *ScopeDropReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	scope := &requestScope{Ctx: ctx, Widget: w}
	if !w.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(scope)
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

func (r *ScopeDropReconciler) reconcileDelete(scope *requestScope) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(scope.Widget, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is removed from scope.Widget but the object is never updated or patched afterwards on the path of Reconcile that returns at line 90`
	return ctrl.Result{}, nil
}

// ScopeSavedReconciler saves the removal in the caller, after the call:
// quiet.
type ScopeSavedReconciler struct{ client.Client }

func (r *ScopeSavedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	scope := &requestScope{Ctx: ctx, Widget: w}
	if !w.DeletionTimestamp.IsZero() {
		r.dropFinalizer(scope)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

func (r *ScopeSavedReconciler) dropFinalizer(scope *requestScope) {
	controllerutil.RemoveFinalizer(scope.Widget, api.CleanupFinalizer)
}

// ScopeCalleeSavesReconciler's callee saves on one path and returns an
// error on the other: quiet.
type ScopeCalleeSavesReconciler struct{ client.Client }

func (r *ScopeCalleeSavesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.finish(ctx, w)
	}
	return ctrl.Result{}, nil
}

func (r *ScopeCalleeSavesReconciler) finish(ctx context.Context, w *api.Widget) error {
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	return r.Update(ctx, w)
}
