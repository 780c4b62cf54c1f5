package controllers

import (
	"context"
	"fmt"

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
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer) // want `is removed from w but w is never updated or patched afterwards on the path that returns at line 51`
	if skip {
		return stepDone()
	}
	if err := r.Update(ctx, w); err != nil {
		return stepError(err)
	}
	return stepDone()
}

// A result type built as a literal that holds the error
// (baremetal-operator's actionError{fmt.Errorf(...)}).
type actionOutcome interface{ outcomeErr() error }

type actionFailed struct{ err error }

func (a actionFailed) outcomeErr() error { return a.err }

type actionDone struct{}

func (actionDone) outcomeErr() error { return nil }

// Not flagged: the failed Update's error goes on inside the literal.
func (r *StepReconciler) inspectStep(ctx context.Context, key client.ObjectKey) actionOutcome {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err == nil {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		if err = r.Update(ctx, w); err != nil {
			return actionFailed{fmt.Errorf("failed to remove finalizer: %w", err)}
		}
	}
	return actionDone{}
}

// Not flagged either: by address, with the field named.
func (r *StepReconciler) inspectStepKeyed(ctx context.Context, key client.ObjectKey) actionOutcome {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err == nil {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		if err = r.Update(ctx, w); err != nil {
			return &actionFailed{err: err}
		}
	}
	return actionDone{}
}

// Flagged: the literal holds no error on the path that skips the Update.
func (r *StepReconciler) inspectSkip(ctx context.Context, key client.ObjectKey, skip bool) actionOutcome {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return actionFailed{err}
	}
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer) // want `is removed from w but w is never updated or patched afterwards on the path that returns at line 103`
	if skip {
		return actionFailed{nil}
	}
	if err := r.Update(ctx, w); err != nil {
		return actionFailed{err}
	}
	return actionDone{}
}
