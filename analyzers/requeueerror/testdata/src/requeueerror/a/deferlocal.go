package a

// A deferred patch that stores its error in a local variable of Reconcile
// (cluster-api-provider-metal3's Metal3Cluster controller): it runs after
// every return has taken its values, so the variable it assigns still
// holds, at the return, what the helper gave it.

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// deleteOrWait requeues only with a nil error.
func deleteOrWait(n int) (ctrl.Result, error) {
	if n < 0 {
		return ctrl.Result{}, errors.New("count failed")
	}
	if n > 0 {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}

// failOrWait requeues with the error it returns.
func failOrWait(n int) (ctrl.Result, error) {
	if n < 0 {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, errors.New("count failed") // want `is returned with a non-nil error`
	}
	return ctrl.Result{}, nil
}

type DeferLocalReconciler struct{ client.Client }

// Quiet: the deferred patch's err = ... reaches no return.
func (r *DeferLocalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, rerr error) {
	w := &v1.Widget{}
	err := r.Get(ctx, req.NamespacedName, w)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if err = r.Update(ctx, w); err != nil {
			rerr = err
		}
	}()
	res, err := deleteOrWait(len(w.Labels))
	return res, err
}

type DeferLocalFailReconciler struct{ client.Client }

// Reported in the helper, whose pair holds both whatever the deferred
// patch stores in err afterwards.
func (r *DeferLocalFailReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, rerr error) {
	w := &v1.Widget{}
	err := r.Get(ctx, req.NamespacedName, w)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if err = r.Update(ctx, w); err != nil {
			rerr = err
		}
	}()
	res, err := failOrWait(len(w.Labels))
	return res, err
}
