package a

// A Reconcile whose deferred function clears its named error for the
// package's "wait" errors (helm-controller's `retErr =
// interrors.Ignore(retErr, errWaitForDependency, errWaitForChart)`): the
// helpers that return a requeue with those errors return it with a nil
// error where it counts.

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

var (
	errWaitForDependency = errors.New("must wait for dependency")
	errWaitForChart      = errors.New("must wait for chart")
	errWaitTested        = errors.New("must wait, tested")
	errWrapped           = errors.New("wrapped on the way out")
)

// ignoreErrors returns nil for err when it is one of errs.
func ignoreErrors(err error, errs ...error) error {
	for _, e := range errs {
		if errors.Is(err, e) {
			return nil
		}
	}
	return err
}

type WaitReconciler struct {
	client.Client
}

func (r *WaitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, retErr error) {
	defer func() {
		retErr = ignoreErrors(retErr, errWaitForDependency, errWaitForChart)
		if errors.Is(retErr, errWaitTested) {
			retErr = nil
		}
		retErr = fmt.Errorf("reconcile: %w, %w", retErr, errWrapped)
	}()
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.reconcileRelease(ctx, w)
}

func (r *WaitReconciler) reconcileRelease(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	switch w.Spec.Size {
	case 0:
		return ctrl.Result{RequeueAfter: 30 * time.Second}, errWaitForDependency // quiet: cleared by the defer
	case 1:
		return ctrl.Result{RequeueAfter: time.Minute}, errWaitForChart // quiet
	case 2:
		return ctrl.Result{RequeueAfter: time.Minute}, errWaitTested // quiet: errors.Is, then nil
	case 3:
		return ctrl.Result{RequeueAfter: time.Minute}, errWrapped // want `requeueerror: ctrl.Result\{RequeueAfter: time.Minute\} is returned with an error that may be non-nil`
	}
	return ctrl.Result{}, nil
}
