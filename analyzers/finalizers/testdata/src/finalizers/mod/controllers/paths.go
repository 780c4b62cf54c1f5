package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// Paths: where a deletion check is and is not a guard.

// DeferredCheckReconciler checks deletion only in a deferred closure,
// which runs after the add.
type DeferredCheckReconciler struct{ client.Client }

func (r *DeferredCheckReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	defer func() {
		if !w.DeletionTimestamp.IsZero() {
			controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
			err = r.Update(ctx, w)
		}
	}()
	controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
	return ctrl.Result{}, r.Update(ctx, w)
}

// ElseBranchReconciler adds in the else branch of a conjunction: it runs
// while deleting when the finalizer is absent.
type ElseBranchReconciler struct{ client.Client }

func (r *ElseBranchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() && controllerutil.ContainsFinalizer(w, api.CleanupFinalizer) {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	} else if !controllerutil.ContainsFinalizer(w, api.CleanupFinalizer) {
		controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// HelperUncheckedReconciler calls the helper that adds without checking.
type HelperUncheckedReconciler struct{ client.Client }

func (r *HelperUncheckedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if w.Labels["skip"] == "true" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.ensureFinalizer(ctx, w)
}

func (r *HelperUncheckedReconciler) ensureFinalizer(ctx context.Context, w *api.Widget) error {
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) { // want `finalizer "mod.example.com/cleanup" is added without a DeletionTimestamp check first`
		return r.Update(ctx, w)
	}
	return nil
}

// Not flagged.

// BoolVarReconciler keeps the check in a variable.
type BoolVarReconciler struct{ client.Client }

func (r *BoolVarReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	deleting := !w.DeletionTimestamp.IsZero()
	if deleting {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

// HelperCheckedReconciler checks before it calls the helper; the other
// helper checks itself.
type HelperCheckedReconciler struct{ client.Client }

func (r *HelperCheckedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if w.GetDeletionTimestamp() != nil {
		return ctrl.Result{}, r.finalize(ctx, w)
	}
	if err := r.addFinalizer(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.addIfAlive(ctx, w)
}

func (r *HelperCheckedReconciler) addFinalizer(ctx context.Context, w *api.Widget) error {
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return r.Update(ctx, w)
}

func (r *HelperCheckedReconciler) addIfAlive(ctx context.Context, w *api.Widget) error {
	if w.DeletionTimestamp != nil {
		return nil
	}
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return r.Update(ctx, w)
}

func (r *HelperCheckedReconciler) finalize(ctx context.Context, w *api.Widget) error {
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	return r.Update(ctx, w)
}

// PredicateReconciler asks a helper whose name says it checks deletion.
type PredicateReconciler struct{ client.Client }

func (r *PredicateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if isBeingDeleted(w) {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

func isBeingDeleted(w *api.Widget) bool { return !w.DeletionTimestamp.IsZero() }

// RefetchReconciler reads the object again after adding the finalizer:
// the read replaces it, and Update sends the stored finalizers.
type RefetchReconciler struct{ client.Client }

func (r *RefetchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if !controllerutil.ContainsFinalizer(w, api.CleanupFinalizer) {
		controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is changed on w, but the read at line 163 replaces w with the stored object before Update at line 166 sends it`
		// Read the latest version before the update.
		if err := r.Get(ctx, req.NamespacedName, w); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// TimestampVarReconciler keeps the deletion timestamp in a variable of an
// if statement's init.
type TimestampVarReconciler struct{ client.Client }

func (r *TimestampVarReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if dt := w.GetDeletionTimestamp(); dt != nil {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// TimestampZeroVarReconciler asks the variable whether it is zero.
type TimestampZeroVarReconciler struct{ client.Client }

func (r *TimestampZeroVarReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	ts := w.DeletionTimestamp
	if !ts.IsZero() {
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}
