// Package a holds requeue delays written without a unit, each marked with
// its expected finding, and near-misses that stay quiet.
package a

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// tabletAvailableSeconds is vitess-operator's: converted, not multiplied.
const tabletAvailableSeconds = 30

const requeueDelay = 5 * time.Second

const tiny time.Duration = 50 // a Duration constant: its author chose the unit

type Reconciler struct {
	ready    bool
	interval time.Duration
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if !r.ready {
		return ctrl.Result{RequeueAfter: time.Duration(tabletAvailableSeconds)}, nil // want `requeuedelay: RequeueAfter is time.Duration\(tabletAvailableSeconds\), 30 nanoseconds \(a time.Duration counts nanoseconds\), so controller-runtime requeues the object at once, without backoff \(a hot loop where every reconcile returns it\); multiply by the unit meant \(tabletAvailableSeconds \* time.Second\), or write time.Nanosecond if it is meant`
	}
	if req.Name == "" {
		return ctrl.Result{Requeue: true, RequeueAfter: 10}, nil // want `RequeueAfter is 10, 10 nanoseconds`
	}
	if req.Namespace == "" {
		return reconcile.Result{RequeueAfter: 1}, nil // want `RequeueAfter is 1, 1 nanosecond \(`
	}
	res := ctrl.Result{}
	res.RequeueAfter = 2 * 60 // want `RequeueAfter is 2 \* 60, 120 nanoseconds`
	return res, nil
}

// Quiet: units, zero, run-time values, a millisecond or more in
// nanoseconds, other fields and types.
func (r *Reconciler) quiet(n int) []ctrl.Result {
	other := struct{ RequeueAfter time.Duration }{}
	other.RequeueAfter = 5
	return []ctrl.Result{
		{RequeueAfter: requeueDelay},
		{RequeueAfter: 30 * time.Second},
		{RequeueAfter: 500 * time.Nanosecond},
		{RequeueAfter: time.Duration(tabletAvailableSeconds) * time.Second},
		{RequeueAfter: tiny},
		{RequeueAfter: 0},
		{RequeueAfter: r.interval},
		{RequeueAfter: time.Duration(n)},
		{RequeueAfter: 1500000000},
		{Requeue: true},
		{RequeueAfter: other.RequeueAfter},
	}
}

// Pointers to a Result: the field is judged the same way.
func (r *Reconciler) pointer() *ctrl.Result {
	res := &ctrl.Result{RequeueAfter: 3} // want `RequeueAfter is 3, 3 nanoseconds`
	res.RequeueAfter = 4                 // want `RequeueAfter is 4, 4 nanoseconds`
	return res
}
