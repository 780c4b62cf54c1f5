package a

import (
	"context"
	"errors"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// Sub-reconcilers the package keeps to itself (karpenter's nodeclaim
// lifecycle): values made only here, stored in unexported fields, run by
// a parent that ranges over them and returns Result{}, errs on any error.
// Their Results never reach controller-runtime with an error: quiet.

type lifecycleController struct {
	launch   *launchStep
	register *registerStep
}

func newLifecycle(interval time.Duration) *lifecycleController {
	return &lifecycleController{
		launch:   &launchStep{interval: interval},
		register: &registerStep{interval: interval},
	}
}

type launchStep struct{ interval time.Duration }

func (l *launchStep) Reconcile(ctx context.Context, w *v1.Widget) (reconcile.Result, error) {
	if w.Name == "" {
		return reconcile.Result{RequeueAfter: l.interval}, errors.New("no name")
	}
	return reconcile.Result{}, nil
}

type registerStep struct{ interval time.Duration }

func (s *registerStep) Reconcile(ctx context.Context, w *v1.Widget) (reconcile.Result, error) {
	return s.hooks(w)
}

// hooks is reached only through registerStep.Reconcile.
func (s *registerStep) hooks(w *v1.Widget) (reconcile.Result, error) {
	var err error
	if !w.Status.Ready {
		err = errors.New("hook failed")
	}
	return reconcile.Result{RequeueAfter: s.interval}, err
}

func (c *lifecycleController) Reconcile(ctx context.Context, w *v1.Widget) (reconcile.Result, error) {
	var results []reconcile.Result
	var errs []error
	for _, r := range []reconcile.TypedReconciler[*v1.Widget]{c.launch, c.register} {
		res, err := r.Reconcile(ctx, w)
		results = append(results, res)
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return reconcile.Result{}, err
	}
	return results[0], nil
}

// --- reported: the type may reach controller-runtime ---

// A sub-reconciler handed on by its parent: another package may register
// it.
type handedController struct {
	step *handedStep
}

type handedStep struct{ interval time.Duration }

func (s *handedStep) Reconcile(ctx context.Context, w *v1.Widget) (reconcile.Result, error) {
	return reconcile.Result{RequeueAfter: s.interval}, errors.New("failed") // want `requeueerror: reconcile.Result\{RequeueAfter: s.interval\} is returned with a non-nil error`
}

func (c *handedController) Step() reconcile.TypedReconciler[*v1.Widget] {
	return c.step
}

func newHanded() *handedController {
	return &handedController{step: &handedStep{interval: time.Second}}
}

// A parent that returns its sub-reconciler's pair as it is.
type passingController struct {
	step *passedStep
}

type passedStep struct{ interval time.Duration }

func (s *passedStep) Reconcile(ctx context.Context, w *v1.Widget) (reconcile.Result, error) {
	return reconcile.Result{RequeueAfter: s.interval}, errors.New("failed") // want `requeueerror: reconcile.Result\{RequeueAfter: s.interval\} is returned with a non-nil error`
}

func (c *passingController) Reconcile(ctx context.Context, w *v1.Widget) (reconcile.Result, error) {
	return c.step.Reconcile(ctx, w)
}

func newPassing() *passingController {
	return &passingController{step: &passedStep{interval: time.Second}}
}

// A type made by an exported constructor: other packages get working
// values.
type ExportedStep struct{ interval time.Duration }

func NewExportedStep() *ExportedStep { return &ExportedStep{interval: time.Second} }

func (s *ExportedStep) Reconcile(ctx context.Context, w *v1.Widget) (reconcile.Result, error) {
	return reconcile.Result{RequeueAfter: s.interval}, errors.New("failed") // want `requeueerror: reconcile.Result\{RequeueAfter: s.interval\} is returned with a non-nil error`
}
