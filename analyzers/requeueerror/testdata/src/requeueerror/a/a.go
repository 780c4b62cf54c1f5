// Package a holds reconcilers that return a requeue together with an
// error, each marked with its expected finding, and near-misses that stay
// quiet.
package a

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

type RuleReconciler struct {
	client.Client
	interval time.Duration
}

// Reconcile: the node-readiness-controller shape, a status write that
// fails and asks for a retry in a minute.
func (r *RuleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err // want `requeueerror: ctrl.Result\{RequeueAfter: time.Minute\} is returned with a non-nil error, so controller-runtime ignores the requested requeue and retries with rate-limited backoff instead`
	}
	if w.Spec.Size == 0 {
		return ctrl.Result{RequeueAfter: r.interval}, nil
	}
	return ctrl.Result{RequeueAfter: r.interval}, nil
}

// sync: the redis-operator shape, an error variable of the function.
func (r *RuleReconciler) sync(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	var err error
	err = r.Update(ctx, w)
	if err != nil {
		log.Printf("update: %v", err)
		return ctrl.Result{RequeueAfter: time.Second * 60}, err // want `non-nil error`
	}
	err = r.Status().Update(ctx, w)
	return ctrl.Result{RequeueAfter: time.Second * 60}, err // want `ctrl.Result\{RequeueAfter: time.Second \* 60\} is returned with an error that may be non-nil`
}

// gateway: the Kong shape, Requeue: true with the error (fixed).
func (r *RuleReconciler) gateway(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{Requeue: true}, err // want `ctrl.Result\{Requeue: true\} is returned with a non-nil error, so controller-runtime ignores Requeue: the error alone requeues it the same way, with rate-limited backoff, and only the warning changes \(controller-runtime v0.16 and later log a warning\): return ctrl.Result\{\}, err`
	}
	err := r.Status().Update(ctx, w)
	return ctrl.Result{Requeue: true}, err // want `Requeue: true\} is returned with an error that may be non-nil`
}

// placement: the kratix shape, a fresh error.
func (r *RuleReconciler) placement(w *v1.Widget) (ctrl.Result, error) {
	if w.Spec.Size < 0 {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, fmt.Errorf("size %d < 0", w.Spec.Size) // want `non-nil error`
	}
	return ctrl.Result{}, nil
}

// aggregate returns a joined error, nil when nothing failed.
func (r *RuleReconciler) aggregate(ctx context.Context, ws []*v1.Widget) (reconcile.Result, error) {
	var errs []error
	for _, w := range ws {
		errs = append(errs, r.Update(ctx, w))
	}
	return reconcile.Result{RequeueAfter: time.Minute}, errors.Join(errs...) // want `reconcile.Result\{RequeueAfter: time.Minute\} is returned with an error that may be non-nil`
}

// result: a variable that may hold a requeue.
func (r *RuleReconciler) result(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	res := ctrl.Result{}
	if !w.Status.Ready {
		res.RequeueAfter = 10 * time.Second
	}
	if err := r.Update(ctx, w); err != nil {
		return res, err // want `res, which may request a requeue, is returned with a non-nil error`
	}
	return res, nil
}

// late: the requeue is decided after the error.
func (r *RuleReconciler) late(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	var res ctrl.Result
	err := r.Update(ctx, w)
	if !w.Status.Ready {
		res = ctrl.Result{RequeueAfter: time.Second}
	}
	return res, err // want `res, which may request a requeue, is returned with an error that may be non-nil`
}

// named: named results and a bare return.
func (r *RuleReconciler) named(ctx context.Context, w *v1.Widget) (result ctrl.Result, err error) {
	result.RequeueAfter = r.interval
	err = r.Update(ctx, w)
	return // want `result, which may request a requeue, is returned with an error that may be non-nil`
}

// funcs: a reconcile.Func and a terminal error.
func (r *RuleReconciler) funcs() reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		w := &v1.Widget{}
		if err := r.Get(ctx, req.NamespacedName, w); err != nil {
			return reconcile.Result{RequeueAfter: time.Hour}, reconcile.TerminalError(err) // want `non-nil error`
		}
		return reconcile.Result{}, nil
	})
}

// deferredErr: a bare return whose named error only a deferred function
// sets (patch errors aggregated on the way out): nil where it returns, so
// not flagged by default; -requeueerror.deferred reports the deferred
// assignment (testdata deferred/).
func (r *RuleReconciler) deferredErr(ctx context.Context, w *v1.Widget) (res ctrl.Result, err error) {
	defer func() {
		if uerr := r.Status().Update(ctx, w); uerr != nil {
			err = errors.Join(err, uerr)
		}
	}()
	res.RequeueAfter = r.interval
	return
}

// deferredAndFailed: the same, where the named error is also set before
// the return.
func (r *RuleReconciler) deferredAndFailed(ctx context.Context, w *v1.Widget) (res ctrl.Result, err error) {
	defer func() {
		if uerr := r.Status().Update(ctx, w); uerr != nil {
			err = errors.Join(err, uerr)
		}
	}()
	err = r.Update(ctx, w)
	res.RequeueAfter = r.interval
	return // want `res, which may request a requeue, is returned with an error that may be non-nil`
}

type Key struct{ Name string }

type TypedReconciler struct{ client.Client }

// Reconcile implements reconcile.TypedReconciler[Key].
func (r *TypedReconciler) Reconcile(ctx context.Context, key Key) (reconcile.Result, error) {
	if key.Name == "" {
		return reconcile.Result{Requeue: true, RequeueAfter: time.Second}, errors.New("empty key") // want `reconcile.Result\{Requeue: true, RequeueAfter: time.Second\} is returned with a non-nil error`
	}
	return reconcile.Result{}, nil
}

var _ reconcile.TypedReconciler[Key] = &TypedReconciler{}

// --- near-misses ---

// checked: the error is nil where the requeue is returned.
func (r *RuleReconciler) checked(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	err := r.Update(ctx, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: r.interval}, err
}

// checkedEqual: the requeue only where err == nil.
func (r *RuleReconciler) checkedEqual(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	err := r.Update(ctx, w)
	if err == nil && !w.Status.Ready {
		return ctrl.Result{RequeueAfter: r.interval}, err
	}
	return ctrl.Result{}, err
}

// switched: a tagless switch on the error.
func (r *RuleReconciler) switched(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	err := r.Update(ctx, w)
	switch {
	case apierrors.IsConflict(err):
		return ctrl.Result{Requeue: true}, nil
	case err != nil:
		return ctrl.Result{}, err
	default:
		return ctrl.Result{RequeueAfter: time.Minute}, err
	}
}

// cleared: the error is logged and dropped.
func (r *RuleReconciler) cleared(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	err := r.Update(ctx, w)
	if err != nil {
		log.Printf("update: %v", err)
		err = nil
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// fatal: the error path never returns.
func (r *RuleReconciler) fatal(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	err := r.Update(ctx, w)
	if err != nil {
		log.Fatal(err)
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// exclusive: the requeue and the error are set on different paths.
func (r *RuleReconciler) exclusive(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	var res ctrl.Result
	var err error
	if w.Status.Ready {
		res = ctrl.Result{RequeueAfter: time.Minute}
	} else {
		err = r.Update(ctx, w)
	}
	return res, err
}

// exclusiveNamed: the same with named results.
func (r *RuleReconciler) exclusiveNamed(ctx context.Context, w *v1.Widget) (res ctrl.Result, err error) {
	if w.Status.Ready {
		res.RequeueAfter = time.Minute
		return
	}
	err = r.Update(ctx, w)
	return
}

// propagated: results of a helper are passed on; the helper is checked.
func (r *RuleReconciler) propagated(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	if !w.DeletionTimestamp.IsZero() {
		return r.sync(ctx, w)
	}
	res, err := r.result(ctx, w)
	if err != nil {
		return res, err
	}
	return res, nil
}

// zeroes: literals that request no requeue.
func (r *RuleReconciler) zeroes(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	p := 10
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{Priority: &p}, err
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{Requeue: false, RequeueAfter: 0}, err
	}
	return ctrl.Result{}, nil
}

// rewritten: a deferred function may rewrite the named Result.
func (r *RuleReconciler) rewritten(ctx context.Context, w *v1.Widget) (res ctrl.Result, err error) {
	defer func() {
		if err != nil {
			res = ctrl.Result{}
		}
	}()
	err = r.Update(ctx, w)
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// deferredErrEmpty: the same with a Result that requests no requeue.
func (r *RuleReconciler) deferredErrEmpty(ctx context.Context, w *v1.Widget) (res ctrl.Result, err error) {
	defer func() {
		if uerr := r.Status().Update(ctx, w); uerr != nil {
			err = errors.Join(err, uerr)
		}
	}()
	return
}

// shadowed: the inner err is checked; the outer one is nil.
func (r *RuleReconciler) shadowed(ctx context.Context, ws []*v1.Widget) (ctrl.Result, error) {
	var err error
	for _, w := range ws {
		if err := r.Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// loop: the error of each iteration is checked before the requeue.
func (r *RuleReconciler) loop(ctx context.Context, ws []*v1.Widget) (ctrl.Result, error) {
	for _, w := range ws {
		err := r.Update(ctx, w)
		if err != nil {
			return ctrl.Result{}, err
		}
		if !w.Status.Ready {
			return ctrl.Result{RequeueAfter: time.Second}, err
		}
	}
	return ctrl.Result{}, nil
}
