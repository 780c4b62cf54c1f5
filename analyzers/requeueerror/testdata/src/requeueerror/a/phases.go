package a

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"

	v1 "example.com/operator/api/v1"
)

// lowest returns the earlier of two requeues (cluster-api's
// util.LowestNonZeroResult).
func lowest(i, j ctrl.Result) ctrl.Result {
	if i.IsZero() || j.RequeueAfter > 0 && j.RequeueAfter < i.RequeueAfter {
		return j
	}
	return i
}

type phase func(context.Context, *v1.Widget) (ctrl.Result, error)

// phases: the cluster-api v1.2 shape. A requeue of an early phase is
// returned with the error of a later one.
func (r *RuleReconciler) phases(ctx context.Context, w *v1.Widget, phases []phase) (ctrl.Result, error) {
	res := ctrl.Result{}
	errs := []error{}
	for _, p := range phases {
		phaseResult, err := p(ctx, w)
		if err != nil {
			errs = append(errs, err)
		}
		if len(errs) > 0 {
			continue
		}
		res = lowest(res, phaseResult)
	}
	return res, errors.Join(errs...) // want `res, which may request a requeue, is returned with an error that may be non-nil`
}

// phasesFixed: cluster-api's fix.
func (r *RuleReconciler) phasesFixed(ctx context.Context, w *v1.Widget, phases []phase) (ctrl.Result, error) {
	res := ctrl.Result{}
	errs := []error{}
	for _, p := range phases {
		phaseResult, err := p(ctx, w)
		if err != nil {
			errs = append(errs, err)
		}
		if len(errs) > 0 {
			continue
		}
		res = lowest(res, phaseResult)
	}
	if len(errs) > 0 {
		return ctrl.Result{}, errors.Join(errs...)
	}
	return res, nil
}

// finish: a Result handed in is returned with an error of this function.
func (r *RuleReconciler) finish(ctx context.Context, res ctrl.Result, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Status().Update(ctx, w); err != nil {
		return res, err // want `res, which may request a requeue, is returned with a non-nil error`
	}
	return res, nil
}

// requeueSoon is a helper that requests a requeue.
func (r *RuleReconciler) requeueSoon() ctrl.Result { return ctrl.Result{RequeueAfter: time.Second} }

// noRequeue is a helper that never does.
func (r *RuleReconciler) noRequeue(w *v1.Widget) (ctrl.Result, error) {
	if w.Name == "" {
		return ctrl.Result{}, errors.New("no name")
	}
	return ctrl.Result{Requeue: false}, nil
}

// inline: a helper's requeue returned with an error.
func (r *RuleReconciler) inline(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	err := r.Update(ctx, w)
	return r.requeueSoon(), err // want `r.requeueSoon\(\), which may request a requeue, is returned with an error that may be non-nil`
}

// replaced: the helper's error is replaced, its requeue kept.
func (r *RuleReconciler) replaced(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	res, err := r.result(ctx, w)
	if err != nil {
		return res, err
	}
	err = r.Update(ctx, w)
	return res, err // want `res, which may request a requeue, is returned with an error that may be non-nil`
}

// --- near-misses ---

// passedOn: the helper decided the pair; it is checked where it builds it.
func (r *RuleReconciler) passedOn(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	res, err := r.result(ctx, w)
	if err != nil {
		return res, fmt.Errorf("widget %s: %w", w.Name, err)
	}
	res, err = r.sync(ctx, w)
	return res, err
}

// named: the same with named results and a deferred log.
func (r *RuleReconciler) passedOnNamed(ctx context.Context, w *v1.Widget) (res ctrl.Result, err error) {
	defer func() {
		if err != nil {
			fmt.Println(err)
		}
	}()
	res, err = r.result(ctx, w)
	return
}

// never: a helper that never requeues.
func (r *RuleReconciler) never(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	res, _ := r.noRequeue(w)
	err := r.Update(ctx, w)
	return res, err
}

// tiedParams: both come from the caller.
func (r *RuleReconciler) tiedParams(res ctrl.Result, err error) (ctrl.Result, error) {
	if err != nil {
		fmt.Println(err)
	}
	return res, err
}

// wrapper: cluster-api's rate-limiting wrapper drops the requeue when
// the wrapped reconciler fails.
func (r *RuleReconciler) wrapper(ctx context.Context, req ctrl.Request, inner phase, w *v1.Widget) (ctrl.Result, error) {
	result, err := inner(ctx, w)
	if err != nil {
		result.RequeueAfter = 0
		result.Requeue = false
	}
	switch {
	case err != nil:
		fmt.Println(err)
	case result.RequeueAfter > 0:
		result.RequeueAfter = max(result.RequeueAfter, time.Second)
	}
	return result, err
}

// wrapperPartial drops only RequeueAfter: Requeue may stay.
func (r *RuleReconciler) wrapperPartial(ctx context.Context, inner phase, w *v1.Widget) (ctrl.Result, error) {
	result, err := inner(ctx, w)
	if err != nil {
		result.RequeueAfter = 0
	}
	return result, err // want `result, which may request a requeue, is returned with a non-nil error`
}

// delayFor computes a widget's delay.
func (r *RuleReconciler) delayFor(w *v1.Widget, reason string) time.Duration { return time.Minute }

// long: a literal too long to quote in the message.
func (r *RuleReconciler) long(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{RequeueAfter: r.delayFor(w, "the update of the widget failed")}, err // want `ctrl.Result\{RequeueAfter: \.\.\.\} is returned with a non-nil error`
	}
	return ctrl.Result{}, nil
}

// loopLate: the requeue is set after the return, in the previous
// iteration.
func (r *RuleReconciler) loopLate(ctx context.Context, ws []*v1.Widget) (ctrl.Result, error) {
	res := ctrl.Result{}
	var err error
	for _, w := range ws {
		if err != nil {
			return res, err // want `res, which may request a requeue, is returned with a non-nil error`
		}
		err = r.Update(ctx, w)
		res.RequeueAfter = time.Second
	}
	return ctrl.Result{}, nil
}
