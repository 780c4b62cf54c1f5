package a

// An inner reconcile loop whose steps stop it with a sentinel error and
// the Result to return; the outer Reconcile turns the sentinel into a nil
// error (cloudnative-pg's ErrNextLoop).

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// ErrNextLoop asks the outer loop to return the Result without an error.
var ErrNextLoop = errors.New("stop this loop and return the associated Result object")

// ErrTerminateLoop asks the outer loop to stop without a requeue.
var ErrTerminateLoop = errors.New("stop the loop")

// errHidden is tested, but its branch returns an empty Result with it.
var errHidden = errors.New("hidden")

type LoopReconciler struct {
	client.Client
}

func (r *LoopReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	result, err := r.reconcile(ctx, w)
	if errors.Is(err, ErrNextLoop) {
		return result, nil
	}
	if errors.Is(err, ErrTerminateLoop) {
		return ctrl.Result{}, nil
	}
	if errors.Is(err, errHidden) {
		return ctrl.Result{}, err
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	return result, nil
}

func (r *LoopReconciler) reconcile(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if w.Spec.Size == 0 {
		// Translated into a requeue without an error: quiet.
		return ctrl.Result{RequeueAfter: 30 * time.Second}, ErrNextLoop
	}
	if w.Spec.Size == 1 {
		// Translated into an empty Result: the requeue is lost.
		return ctrl.Result{RequeueAfter: time.Second}, ErrTerminateLoop // want `requeueerror: ctrl.Result\{RequeueAfter: time.Second\} is returned with`
	}
	if w.Spec.Size == 2 {
		return ctrl.Result{RequeueAfter: time.Second}, errHidden // want `requeueerror: ctrl.Result\{RequeueAfter: time.Second\} is returned with`
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err // want `requeueerror: ctrl.Result\{RequeueAfter: time.Minute\} is returned with`
	}
	return ctrl.Result{}, nil
}
