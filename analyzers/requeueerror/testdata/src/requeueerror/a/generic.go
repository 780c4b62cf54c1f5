package a

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	v1 "example.com/operator/api/v1"
)

// fromPtrOr is samber/lo's FromPtrOr: a function generic in T can make a
// T only from its T arguments or T's zero value.
func fromPtrOr[T any](p *T, fallback T) T {
	if p == nil {
		return fallback
	}
	return *p
}

func ternary[T any](cond bool, a, b T) T {
	if cond {
		return a
	}
	return b
}

// Not flagged: ensureDelay's result is nil with every error, and the
// fallback is empty (opensearch-operator's TLS reconciler).
func (r *RuleReconciler) useFromPtr(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	res, err := r.ensureDelay(ctx, w)
	return fromPtrOr(res, ctrl.Result{}), err
}

func (r *RuleReconciler) useDeref(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	res, err := r.ensureDelay(ctx, w)
	if res == nil {
		return ctrl.Result{}, err
	}
	return *res, err
}

// Flagged: a fallback that requeues, or a choice with a requeue.
func (r *RuleReconciler) useFromPtrSoon(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	res, err := r.ensureDelay(ctx, w)
	return fromPtrOr(res, ctrl.Result{RequeueAfter: r.interval}), err // want `fromPtrOr\(res, ctrl.Result\{…\}\), which may request a requeue, is returned with an error that may be non-nil`
}

func (r *RuleReconciler) useTernary(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	err := r.Update(ctx, w)
	return ternary(w.Spec.Size > 0, ctrl.Result{RequeueAfter: r.interval}, ctrl.Result{}), err // want `ternary\(.*\), which may request a requeue, is returned with an error that may be non-nil`
}

// Flagged while -requeueerror.requeue is on (the default): Requeue
// alone, picked by a generic helper.
func (r *RuleReconciler) useFromPtrRequeue(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	res, err := r.ensureDelay(ctx, w)
	return fromPtrOr(res, ctrl.Result{Requeue: true}), err // want `fromPtrOr\(res, ctrl.Result\{…\}\), which may request a requeue`
}
