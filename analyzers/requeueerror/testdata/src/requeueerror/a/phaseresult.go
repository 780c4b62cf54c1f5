package a

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// phaseOutcome is the package's own result of a phase, with the fields of
// a Result; no phase of the package ever sets Requeue or RequeueAfter
// (cluster-api-operator's phases set only Completed).
type phaseOutcome struct {
	Requeue      bool
	RequeueAfter time.Duration
	Completed    bool
}

type phaseRunner struct{ fail bool }

func (p *phaseRunner) install(ctx context.Context) (*phaseOutcome, error) {
	if p.fail {
		return &phaseOutcome{}, errors.New("install failed")
	}
	return &phaseOutcome{Completed: true}, nil
}

type PhaseProviderReconciler struct{ p *phaseRunner }

// Quiet: the Result copies fields that nothing sets.
func (r *PhaseProviderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := r.p.install(ctx)
	return ctrl.Result{Requeue: res.Requeue, RequeueAfter: res.RequeueAfter}, err
}

// waitOutcome is the same shape, and a phase sets its delay.
type waitOutcome struct {
	RequeueAfter time.Duration
}

func (p *phaseRunner) wait(ctx context.Context) (waitOutcome, error) {
	return waitOutcome{RequeueAfter: time.Minute}, errors.New("still waiting")
}

type DelayReconciler struct{ p *phaseRunner }

func (r *DelayReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := r.p.wait(ctx)
	return ctrl.Result{RequeueAfter: res.RequeueAfter}, err // want `ctrl.Result{RequeueAfter: res.RequeueAfter} is returned with an error that may be non-nil`
}

// tunedOutcome is decoded from a configuration file: its delay is set
// where no code shows.
type tunedOutcome struct {
	RequeueAfter time.Duration `json:"requeueAfter"`
}

type TunedReconciler struct{ tuned tunedOutcome }

func (r *TunedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: r.tuned.RequeueAfter}, errors.New("failed") // want `ctrl.Result{RequeueAfter: r.tuned.RequeueAfter} is returned with a non-nil error`
}
