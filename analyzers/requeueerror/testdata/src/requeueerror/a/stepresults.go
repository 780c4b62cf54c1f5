package a

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"

	v1 "example.com/operator/api/v1"
)

// Step-result structs hold a step's Result in a field, with the step's
// errors beside it. What a field may hold is what the package stores
// into it; a Result and errors read from the same struct were decided
// where the struct was filled.

// stepResult: one constructor sets a requeue and errors together.
type stepResult struct {
	result      ctrl.Result
	errs        []error
	description string
}

func (s stepResult) Result() (ctrl.Result, error) {
	return s.result, errors.Join(s.errs...) // want `s.result, which may request a requeue \(set together with an error at stepresults.go:40\), is returned with an error that may be non-nil`
}

func continueReconcile() stepResult { return stepResult{} }

func reconcileAfter(d time.Duration, description string) stepResult {
	return stepResult{result: ctrl.Result{RequeueAfter: d}, description: description}
}

func reconcileWithErrors(description string, errs ...error) stepResult {
	return stepResult{errs: errs, description: description}
}

func reconcileAfterWithErrors(d time.Duration, errs ...error) stepResult {
	return stepResult{result: ctrl.Result{RequeueAfter: d}, errs: errs}
}

// phaseResults accumulates phases: the requeue of an early phase stays
// when a later one fails (cluster-api's v1.2 bug, in a struct).
type phaseResults struct {
	result ctrl.Result
	errs   []error
}

func (p *phaseResults) add(res ctrl.Result, err error) {
	if err != nil {
		p.errs = append(p.errs, err)
		return
	}
	p.result = lowest(p.result, res)
}

func (p *phaseResults) Result() (ctrl.Result, error) {
	return p.result, errors.Join(p.errs...) // want `p.result, which may request a requeue \(set at stepresults.go:55, and the error at stepresults.go:52\), is returned with an error that may be non-nil`
}

// requeueOf reads the field alone.
func (s stepResult) requeueOf() ctrl.Result { return s.result }

// runStepResults returns the last step's Result with the errors of all steps.
func (r *RuleReconciler) runStepResults(ctx context.Context, w *v1.Widget, steps []func() stepResult) (ctrl.Result, error) {
	var errs []error
	last := continueReconcile()
	for _, step := range steps {
		last = step()
		errs = append(errs, last.errs...)
	}
	if w.Status.Ready {
		return last.requeueOf(), errors.Join(errs...) // want `last.requeueOf\(\), which may request a requeue, is returned with an error that may be non-nil`
	}
	return last.result, errors.Join(errs...) // want `last.result, which may request a requeue, is returned with an error that may be non-nil`
}

// --- near-misses ---

// cleanStep: no constructor sets a requeue and errors together.
type cleanStep struct {
	result ctrl.Result
	err    error
}

func (s cleanStep) Result() (ctrl.Result, error) { return s.result, s.err }

func cleanAfter(d time.Duration) cleanStep { return cleanStep{result: ctrl.Result{RequeueAfter: d}} }

func cleanFailed(err error) cleanStep { return cleanStep{err: err} }

// wrappedStep: a step's pair passed on as it came.
type wrappedStep struct {
	result ctrl.Result
	errs   []error
}

func (s wrappedStep) Result() (ctrl.Result, error) { return s.result, errors.Join(s.errs...) }

func wrap(res ctrl.Result, err error) wrappedStep {
	return wrappedStep{result: res, errs: []error{err}}
}

// guardedPhases: the accessor drops the requeue when a phase failed.
type guardedPhases struct {
	result ctrl.Result
	errs   []error
}

func (p *guardedPhases) add(res ctrl.Result, err error) {
	if err != nil {
		p.errs = append(p.errs, err)
	}
	p.result = lowest(p.result, res)
}

func (p *guardedPhases) Result() (ctrl.Result, error) {
	if len(p.errs) > 0 {
		return ctrl.Result{}, errors.Join(p.errs...)
	}
	return p.result, nil
}

// quietStep never holds a requeue.
type quietStep struct {
	result ctrl.Result
	name   string
}

func (q quietStep) requeueOf() ctrl.Result { return q.result }

func (r *RuleReconciler) runQuietSteps(ctx context.Context, w *v1.Widget, steps []func() quietStep) (ctrl.Result, error) {
	var errs []error
	last := quietStep{result: ctrl.Result{}}
	for _, step := range steps {
		last = step()
		errs = append(errs, r.Update(ctx, w))
	}
	if w.Status.Ready {
		return last.requeueOf(), errors.Join(errs...)
	}
	return last.result, errors.Join(errs...)
}
