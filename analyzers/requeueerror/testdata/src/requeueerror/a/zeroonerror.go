package a

import (
	"context"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"

	v1 "example.com/operator/api/v1"
)

// Helpers of the package that return a delay, a requeue flag or a step
// outcome with an error. A helper whose carrier is zero on every return
// where its error may be non-nil ("zero-on-error") gives its callers a
// correlated pair: a Result built from the carrier requests no requeue
// wherever the error is non-nil.

// delay: zero-on-error, decided through its own conditions.
func (r *RuleReconciler) delay(ctx context.Context, w *v1.Widget) (time.Duration, error) {
	if err := r.Update(ctx, w); err != nil {
		return 0, err
	}
	if !w.Status.Ready {
		return time.Minute, nil
	}
	return 0, nil
}

// delayNamed: zero-on-error through named results and a bare return.
func (r *RuleReconciler) delayNamed(ctx context.Context, w *v1.Widget) (d time.Duration, err error) {
	d = r.interval
	if err = r.Update(ctx, w); err != nil {
		return 0, err
	}
	return
}

// delayVia passes delay's results on; delayWrapped checks them and
// wraps the error.
func (r *RuleReconciler) delayVia(ctx context.Context, w *v1.Widget) (time.Duration, error) {
	return r.delay(ctx, w)
}

func (r *RuleReconciler) delayWrapped(ctx context.Context, w *v1.Widget) (time.Duration, error) {
	d, err := r.delay(ctx, w)
	if err != nil {
		return 0, fmt.Errorf("widget %s: %w", w.Name, err)
	}
	return 2 * d, nil
}

// needsRequeue: a zero-on-error flag.
func (r *RuleReconciler) needsRequeue(ctx context.Context, w *v1.Widget) (bool, error) {
	if err := r.Status().Update(ctx, w); err != nil {
		return false, err
	}
	return !w.Status.Ready, nil
}

// delayLoose returns its delay with an error that may be non-nil.
func (r *RuleReconciler) delayLoose(ctx context.Context, w *v1.Widget) (time.Duration, error) {
	d := time.Minute
	err := r.Update(ctx, w)
	return d, err
}

// needsRequeueLoose asks for a requeue with a non-nil error.
func (r *RuleReconciler) needsRequeueLoose(ctx context.Context, w *v1.Widget) (bool, error) {
	if err := r.Status().Update(ctx, w); err != nil {
		return true, err
	}
	return false, nil
}

// outcome is a step's outcome: a Result, read through a field or an
// accessor.
type outcome struct {
	result ctrl.Result
	reason string
}

func (o *outcome) Result() ctrl.Result { return o.result }

// step: zero-on-error (nil with the error); stepLoose is not.
func (r *RuleReconciler) step(ctx context.Context, w *v1.Widget) (*outcome, error) {
	if err := r.Update(ctx, w); err != nil {
		return nil, err
	}
	return &outcome{result: ctrl.Result{RequeueAfter: r.interval}, reason: "waiting"}, nil
}

func (r *RuleReconciler) stepLoose(ctx context.Context, w *v1.Widget) (*outcome, error) {
	err := r.Update(ctx, w)
	return &outcome{result: ctrl.Result{RequeueAfter: r.interval}}, err
}

// --- reported ---

func (r *RuleReconciler) useDelayLoose(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	d, err := r.delayLoose(ctx, w)
	return ctrl.Result{RequeueAfter: d}, err // want `ctrl.Result\{RequeueAfter: d\} is returned with an error that may be non-nil`
}

// useDelayReplaced: the error of delay is replaced by a later one, its
// delay kept.
func (r *RuleReconciler) useDelayReplaced(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	d, err := r.delay(ctx, w)
	if err == nil {
		err = r.Status().Update(ctx, w)
	}
	return ctrl.Result{RequeueAfter: d}, err // want `ctrl.Result\{RequeueAfter: d\} is returned with an error that may be non-nil`
}

func (r *RuleReconciler) useFlagLoose(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	requeue, err := r.needsRequeueLoose(ctx, w)
	return ctrl.Result{Requeue: requeue}, err // want `ctrl.Result\{Requeue: requeue\} is returned with an error that may be non-nil, so controller-runtime ignores Requeue`
}

func (r *RuleReconciler) useStepLoose(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	out, err := r.stepLoose(ctx, w)
	return out.Result(), err // want `out.Result\(\), which may request a requeue, is returned with an error that may be non-nil`
}

// requeueWithDelayAndError: the perses helper, the delay and the error
// both handed in.
func requeueWithDelayAndError(d time.Duration, err error) (*ctrl.Result, error) {
	return &ctrl.Result{RequeueAfter: d}, err // want `&ctrl.Result\{RequeueAfter: d\} is returned with an error that may be non-nil`
}

// --- near-misses ---

func (r *RuleReconciler) useDelay(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	d, err := r.delay(ctx, w)
	return ctrl.Result{RequeueAfter: d}, err
}

func (r *RuleReconciler) useDelays(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	d, err := r.delayNamed(ctx, w)
	if err != nil {
		return ctrl.Result{RequeueAfter: d}, err
	}
	if d, err = r.delayVia(ctx, w); d > 0 || err != nil {
		return ctrl.Result{RequeueAfter: d * time.Second}, err
	}
	d, err = r.delayWrapped(ctx, w)
	return ctrl.Result{RequeueAfter: d}, err
}

func (r *RuleReconciler) useFlag(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	requeue, err := r.needsRequeue(ctx, w)
	return ctrl.Result{Requeue: requeue}, err
}

func (r *RuleReconciler) useStep(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	out, err := r.step(ctx, w)
	if err != nil {
		return out.Result(), err
	}
	return out.result, err
}

// useDelayLooseChecked: the loose helper's error is checked first.
func (r *RuleReconciler) useDelayLooseChecked(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	d, err := r.delayLoose(ctx, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: d}, err
}

// Conditions on the carrier narrow it as conditions on the error do.
func (r *RuleReconciler) useLooseGuarded(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	d, err := r.delayLoose(ctx, w)
	if d <= 0 {
		return ctrl.Result{RequeueAfter: d}, err
	}
	requeue, err := r.needsRequeueLoose(ctx, w)
	if !requeue {
		return ctrl.Result{Requeue: requeue}, err
	}
	return ctrl.Result{}, err
}

// Past the same conditions the other way round, the loose values may be
// returned with their errors.
func (r *RuleReconciler) useLooseUnguarded(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	d, err := r.delayLoose(ctx, w)
	if d > 0 {
		return ctrl.Result{RequeueAfter: d}, err // want `ctrl.Result\{RequeueAfter: d\} is returned with an error that may be non-nil`
	}
	requeue, err := r.needsRequeueLoose(ctx, w)
	if requeue {
		return ctrl.Result{Requeue: requeue}, err // want `ctrl.Result\{Requeue: requeue\} is returned with an error that may be non-nil`
	}
	return ctrl.Result{}, err
}

// ensureDelay: a subreconciler-style helper, nil with every error.
func (r *RuleReconciler) ensureDelay(ctx context.Context, w *v1.Widget) (*ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return nil, err
	}
	return &ctrl.Result{RequeueAfter: r.interval}, nil
}

// stepVia: a struct outcome built from a zero-on-error subreconciler.
func (r *RuleReconciler) stepVia(ctx context.Context, w *v1.Widget) (*outcome, error) {
	res, err := r.ensureDelay(ctx, w)
	if err != nil {
		return nil, err
	}
	return &outcome{result: *res}, nil
}

func (r *RuleReconciler) useStepVia(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	out, err := r.stepVia(ctx, w)
	return out.Result(), err
}

// useDelayPadded: a delay added to makes the zero of the error path a
// requeue; one multiplied stays zero.
func (r *RuleReconciler) useDelayPadded(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	d, err := r.delay(ctx, w)
	if w.Spec.Size > 0 {
		d *= 2
		return ctrl.Result{RequeueAfter: d}, err
	}
	d += time.Second
	return ctrl.Result{RequeueAfter: d}, err // want `ctrl.Result\{RequeueAfter: d\} is returned with an error that may be non-nil`
}

// The delay stored into a field of the Result in the same assignment as
// the error (percona-postgresql-operator's installation controller):
// zero-on-error keeps the pair correlated, quiet.
func (r *RuleReconciler) useDelayField(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	result := ctrl.Result{}
	var err error
	result.RequeueAfter, err = r.delay(ctx, w)
	return result, err
}

// A loose helper's delay stored the same way: reported.
func (r *RuleReconciler) useDelayLooseField(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	result := ctrl.Result{}
	var err error
	result.RequeueAfter, err = r.delayLoose(ctx, w)
	return result, err // want `result, which may request a requeue, is returned with an error that may be non-nil`
}

// A zero-on-error delay stored into a Result that already requests a
// requeue: Requeue stays set where the error is non-nil, reported.
func (r *RuleReconciler) useDelayFieldRequeue(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	result := ctrl.Result{Requeue: true}
	var err error
	result.RequeueAfter, err = r.delay(ctx, w)
	return result, err // want `result, which may request a requeue, is returned with an error that may be non-nil`
}
