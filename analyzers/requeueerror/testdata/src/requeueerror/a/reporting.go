package a

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// A helper's pair matters only where it reaches controller-runtime. Rook's
// controllers hand the pair of their reconcile helper to
// reporting.ReportReconcileResult, which logs the error and drops it when
// the Result requests a requeue: the requeues of the helpers below are
// honoured.
type StoreReconciler struct{ client.Client }

func (r *StoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := r.reconcileStore(ctx, req)
	return reportResult(res, err)
}

// reportResult keeps a requeue and drops its error.
func reportResult(res ctrl.Result, err error) (ctrl.Result, error) {
	if err != nil && res.RequeueAfter > 0 {
		return res, nil
	}
	return ctrl.Result{}, err
}

func (r *StoreReconciler) reconcileStore(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, err
	}
	return r.ensureZone(ctx, w)
}

// ensureZone's pair is passed on by reconcileStore, whose pair goes to
// reportResult.
func (r *StoreReconciler) ensureZone(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err
	}
	return ctrl.Result{}, nil
}

// ZoneReconciler returns ensureRealm's pair as it is: judged.
type ZoneReconciler struct{ client.Client }

func (r *ZoneReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res, err := r.ensureRealm(ctx, w)
	if err != nil {
		return res, err
	}
	_, _ = r.ensureZoneGroup(ctx, w)
	return ctrl.Result{}, nil
}

func (r *ZoneReconciler) ensureRealm(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err // want `returned with a non-nil error`
	}
	return ctrl.Result{}, nil
}

// ensureZoneGroup's pair is dropped by its only caller.
func (r *ZoneReconciler) ensureZoneGroup(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err
	}
	return ctrl.Result{}, nil
}

// PhaseReconciler merges each phase's Result without its error
// (cluster-api's util.LowestNonZeroResult) and returns the merged Result
// with the errors: the phases are judged.
type PhaseReconciler struct{ client.Client }

func (r *PhaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var result ctrl.Result
	res, err := r.phase(ctx, w)
	result = lowest(result, res)
	return result, err // want `result, which may request a requeue, is returned with an error that may be non-nil`
}

func (r *PhaseReconciler) phase(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err // want `returned with a non-nil error`
	}
	return ctrl.Result{}, nil
}
