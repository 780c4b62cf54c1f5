package a

import (
	"context"
	"errors"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"

	v1 "example.com/operator/api/v1"
)

// Helpers whose results hold other values besides the Result and the
// error: the caller takes them apart and passes the Result and the error
// on (`name, res, err := r.lookupName(...); if err != nil { return res,
// err }`), so the helper is where a requeue with an error is reported.

// lookupName: the nova-operator shape, a missing input waited for with
// a delay that the fresh error throws away.
func (r *RuleReconciler) lookupName(ctx context.Context, w *v1.Widget) (string, ctrl.Result, error) {
	if w.Spec.Size == 0 {
		return "", ctrl.Result{RequeueAfter: r.interval}, fmt.Errorf("widget %s has no size yet", w.Name) // want `requeueerror: ctrl.Result\{RequeueAfter: r.interval\} is returned with a non-nil error, so controller-runtime ignores the requested requeue.*return "", ctrl.Result\{\}, err`
	}
	if err := r.Update(ctx, w); err != nil {
		return "", ctrl.Result{}, err
	}
	return w.Name, ctrl.Result{}, nil
}

// loadCredentials: four results, the return spread over lines.
func (r *RuleReconciler) loadCredentials(ctx context.Context, w *v1.Widget) (string, ctrl.Result, corev1.Secret, error) {
	secret := corev1.Secret{}
	if err := r.Get(ctx, ctrl.Request{}.NamespacedName, &secret); err != nil {
		return "", // want `ctrl.Result\{RequeueAfter: 10 \* time.Second\} is returned with a non-nil error.*return "", ctrl.Result\{\}, secret, err`
			ctrl.Result{RequeueAfter: 10 * time.Second},
			secret,
			fmt.Errorf("credentials of %s: %w", w.Name, err)
	}
	err := r.Status().Update(ctx, w)
	return "", ctrl.Result{RequeueAfter: time.Minute}, corev1.Secret{}, err // want `ctrl.Result\{RequeueAfter: time.Minute\} is returned with an error that may be non-nil.*return "", ctrl.Result\{\}, corev1.Secret\{\}, err`
}

// storeState: the kratix shape, a shared delay in a three-result helper.
func (r *RuleReconciler) storeState(ctx context.Context, w *v1.Widget) (string, ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return "", backOff, err // want `backOff \(ctrl.Result\{RequeueAfter: 5 \* time.Second\}\) is returned with a non-nil error.*return "", ctrl.Result\{\}, err`
	}
	return w.Name, ctrl.Result{}, nil
}

// retryLater: Requeue: true, fixed at the Result's position.
func (r *RuleReconciler) retryLater(ctx context.Context, w *v1.Widget) (int, ctrl.Result, error) {
	if w.Spec.Size < 0 {
		return 0, ctrl.Result{Requeue: true}, errors.New("negative size") // want `ctrl.Result\{Requeue: true\} is returned with a non-nil error, so controller-runtime ignores Requeue.*: return 0, ctrl.Result\{\}, err`
	}
	return w.Spec.Size, ctrl.Result{Requeue: true}, nil
}

// stepPtr: a *ctrl.Result that is not the first result.
func (r *RuleReconciler) stepPtr(ctx context.Context, w *v1.Widget) (bool, *ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return false, &ctrl.Result{Requeue: true}, err // want `&ctrl.Result\{Requeue: true\} is returned with a non-nil error.*: return false, &ctrl.Result\{\}, err`
	}
	return true, nil, nil
}

// doneFirst: the Result first and a flag between it and the error.
func (r *RuleReconciler) doneFirst(ctx context.Context, w *v1.Widget) (ctrl.Result, bool, error) {
	err := r.Update(ctx, w)
	return ctrl.Result{RequeueAfter: time.Minute}, true, err // want `ctrl.Result\{RequeueAfter: time.Minute\} is returned with an error that may be non-nil.*return ctrl.Result\{\}, true, err`
}

// namedShape: named results and a bare return.
func (r *RuleReconciler) namedShape(ctx context.Context, w *v1.Widget) (hash string, res ctrl.Result, err error) {
	res.RequeueAfter = r.interval
	err = r.Update(ctx, w)
	return // want `res, which may request a requeue, is returned with an error that may be non-nil.*return hash, ctrl.Result\{\}, err`
}

// keptResult: a helper's Result kept past its check and returned with a
// later error.
func (r *RuleReconciler) keptResult(ctx context.Context, w *v1.Widget) (string, ctrl.Result, error) {
	name, res, err := r.lookupName(ctx, w)
	if err != nil {
		return "", res, err
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return name, res, err // want `res, which may request a requeue, is returned with a non-nil error`
	}
	return name, res, nil
}

// --- near-misses ---

// lookupQuiet: the same shapes with empty Results on errors, the requeue
// only with a nil error.
func (r *RuleReconciler) lookupQuiet(ctx context.Context, w *v1.Widget) (string, ctrl.Result, corev1.Secret, error) {
	if w.Spec.Size == 0 {
		return "", ctrl.Result{}, corev1.Secret{}, fmt.Errorf("widget %s has no size yet", w.Name)
	}
	if err := r.Update(ctx, w); err != nil {
		return "", ctrl.Result{}, corev1.Secret{}, err
	}
	if !w.Status.Ready {
		return "", ctrl.Result{RequeueAfter: r.interval}, corev1.Secret{}, nil
	}
	return w.Name, backOff, corev1.Secret{}, nil
}

// checkedShape: the error is nil where the requeue is returned.
func (r *RuleReconciler) checkedShape(ctx context.Context, w *v1.Widget) (string, ctrl.Result, error) {
	err := r.Update(ctx, w)
	if err != nil {
		return "", ctrl.Result{}, err
	}
	return w.Name, ctrl.Result{RequeueAfter: time.Minute}, err
}

// nameOnly returns only empty Results.
func (r *RuleReconciler) nameOnly(ctx context.Context, w *v1.Widget) (string, ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return "", ctrl.Result{}, err
	}
	return w.Name, ctrl.Result{}, nil
}

// keptEmpty: a kept Result of a helper that never requeues.
func (r *RuleReconciler) keptEmpty(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	_, res, err := r.nameOnly(ctx, w)
	if err != nil {
		return res, err
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return res, err
	}
	return res, nil
}

// ShapeReconciler passes the helpers' Results on: they are reported in
// the helpers, not again here.
type ShapeReconciler struct{ RuleReconciler }

func (r *ShapeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1.Widget{}
	name, result, err := r.lookupName(ctx, w)
	if err != nil {
		return result, err
	}
	_, result, _, err = r.loadCredentials(ctx, w)
	if err != nil || !result.IsZero() {
		return result, err
	}
	if _, result, err := r.storeState(ctx, w); err != nil {
		return result, err
	}
	w.Name = name
	return ctrl.Result{}, nil
}

// twoResults: which of two Results is returned is not known.
func (r *RuleReconciler) twoResults(ctx context.Context, w *v1.Widget) (ctrl.Result, ctrl.Result, error) {
	err := r.Update(ctx, w)
	return ctrl.Result{RequeueAfter: time.Minute}, ctrl.Result{}, err
}

// errorNotLast: the last result is not the error.
func (r *RuleReconciler) errorNotLast(ctx context.Context, w *v1.Widget) (ctrl.Result, error, bool) {
	err := r.Update(ctx, w)
	return ctrl.Result{RequeueAfter: time.Minute}, err, true
}
