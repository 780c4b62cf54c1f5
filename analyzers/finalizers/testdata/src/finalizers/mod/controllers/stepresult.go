package controllers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// stepResult carries a step's outcome to the reconciler, as
// cass-operator's and k8ssandra-operator's result.ReconcileResult do.
type stepResult struct {
	err  error
	done bool
}

func stepError(err error) stepResult { return stepResult{err: err} }
func stepDone() stepResult           { return stepResult{done: true} }

// StepReconciler removes finalizers in steps that return step results.
type StepReconciler struct{ client.Client }

// Not flagged: the path that returns at the failed Update hands its error
// on inside the step result; the request is retried.
func (r *StepReconciler) deleteStep(ctx context.Context, key client.ObjectKey) stepResult {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return stepError(err)
	}
	if controllerutil.ContainsFinalizer(w, api.CleanupFinalizer) {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		if err := r.Update(ctx, w); err != nil {
			return stepError(err)
		}
	}
	return stepDone()
}

// Flagged: a step result without an error ends the path that skips the
// Update.
func (r *StepReconciler) skipStep(ctx context.Context, key client.ObjectKey, skip bool) stepResult {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return stepError(err)
	}
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer) // want `is removed from w but w is never updated or patched afterwards on the path that returns at line 50`
	if skip {
		return stepDone()
	}
	if err := r.Update(ctx, w); err != nil {
		return stepError(err)
	}
	return stepDone()
}
