package a

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"

	v1 "example.com/operator/api/v1"
)

// Calls through an interface of the package run one of the package's
// implementations: zero-on-error when each of them is (CDI's
// transferHandler, baremetal-operator's actionResult).

type phaseHandler interface {
	ReconcilePending(w *v1.Widget) (time.Duration, error)
}

type pendingHandler struct{}

func (pendingHandler) ReconcilePending(w *v1.Widget) (time.Duration, error) {
	if w.Name == "" {
		return 0, errors.New("no name")
	}
	return 2 * time.Second, nil
}

type claimHandler struct{ interval time.Duration }

func (h *claimHandler) ReconcilePending(w *v1.Widget) (time.Duration, error) {
	if w.Status.Ready {
		return h.interval, nil
	}
	return 0, fmt.Errorf("%s not ready", w.Name)
}

func (r *RuleReconciler) handlerFor(w *v1.Widget) phaseHandler {
	if w.Status.Ready {
		return pendingHandler{}
	}
	return &claimHandler{interval: r.interval}
}

// Every implementation is zero-on-error: quiet.
func (r *RuleReconciler) ReconcilePending(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if requeue, err := r.handlerFor(w).ReconcilePending(w); requeue > 0 || err != nil {
		return ctrl.Result{RequeueAfter: requeue}, err
	}
	return ctrl.Result{}, nil
}

type stepOutcome interface {
	Settle() (ctrl.Result, error)
}

type stepContinue struct{ after time.Duration }

func (s stepContinue) Settle() (res ctrl.Result, err error) {
	res.RequeueAfter = s.after
	return
}

type stepFailed struct{ err error }

func (s stepFailed) Settle() (res ctrl.Result, err error) {
	err = s.err
	return
}

func (r *RuleReconciler) runStep(ctx context.Context, w *v1.Widget) stepOutcome {
	if err := r.Update(ctx, w); err != nil {
		return stepFailed{err: err}
	}
	return stepContinue{after: r.interval}
}

// Every implementation is zero-on-error, and the error is wrapped where
// it is non-nil: quiet.
func (r *RuleReconciler) ReconcileStep(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	result, err := r.runStep(ctx, w).Settle()
	if err != nil {
		err = fmt.Errorf("step %q failed: %w", w.Name, err)
		return result, err
	}
	return result, nil
}

type retryOutcome interface {
	Outcome() (time.Duration, error)
}

type retryLater struct{ err error }

// A delay with the error.
func (o retryLater) Outcome() (time.Duration, error) { return time.Minute, o.err }

type retryDone struct{}

func (retryDone) Outcome() (time.Duration, error) { return 0, nil }

func (r *RuleReconciler) retry(w *v1.Widget) retryOutcome {
	if w.Status.Ready {
		return retryDone{}
	}
	return retryLater{err: errors.New("not ready")}
}

// One implementation returns a delay with its error: reported.
func (r *RuleReconciler) ReconcileRetry(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	d, err := r.retry(w).Outcome()
	return ctrl.Result{RequeueAfter: d}, err // want `ctrl.Result\{RequeueAfter: d\} is returned with an error that may be non-nil`
}
