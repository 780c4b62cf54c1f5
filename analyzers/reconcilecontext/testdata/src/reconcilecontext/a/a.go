// Package a holds reconcilers that call the API server with a context
// that is not the one they receive, each marked with its expected
// finding, and near-misses that stay quiet.
package a

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

type ScaledReconciler struct {
	client.Client
	clientset kubernetes.Interface
	dyn       dynamic.Interface
}

type key struct{}

// Reconcile: the keda shape, every call with context.TODO().
func (r *ScaledReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1.Widget{}
	if err := r.Client.Get(context.TODO(), req.NamespacedName, w); err != nil { // want `reconcilecontext: Get is called with context.TODO\(\) although Reconcile receives ctx, so the request is not cancelled when ctx is \(manager shutdown, leader-election loss, the end of the reconcile or webhook request\) and a read that waits \(for the cache to sync, or on a stuck connection\) holds the worker: pass ctx \(or context.WithoutCancel\(ctx\) where the call must outlive it\)`
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Ready = true
	if err := r.Status().Update(context.Background(), w); err != nil { // want `Status\(\).Update is called with context.Background\(\) although Reconcile receives ctx`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.ensure(ctx, w)
}

// ensure: a helper that receives the context and drops it.
func (r *ScaledReconciler) ensure(ctx context.Context, w *v1.Widget) error {
	cm := &corev1.ConfigMap{}
	cm.Name = w.Name
	if _, err := controllerutil.CreateOrUpdate(context.TODO(), r.Client, cm, func() error { // want `CreateOrUpdate is called with context.TODO\(\) although ensure receives ctx`
		cm.Data = map[string]string{"size": "1"}
		return nil
	}); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
			return err
		}
		return r.Update(context.TODO(), w) // want `Update is called with context.TODO\(\) although ensure receives ctx`
	})
}

// timeout: a fresh context with a timeout ends, but not with the
// reconcile.
func (r *ScaledReconciler) timeout(ctx context.Context, w *v1.Widget) error {
	tctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := r.Update(tctx, w); err != nil { // want `Update is called with tctx, derived from context.Background\(\), although timeout receives ctx, so the request is not cancelled when ctx is \(.*\), only its deadline ends it: pass ctx`
		return err
	}
	return r.Get(context.WithValue(context.TODO(), key{}, 1), client.ObjectKeyFromObject(w), w) // want `Get is called with context.WithValue\(context.TODO\(\), key\{\}, 1\), derived from context.TODO\(\), although .* and a read that waits \(for the cache to sync, or on a stuck connection\) holds the worker`
}

// valueOverTimeout: a value added to a fresh context with a timeout is
// still bounded by the timeout.
func (r *ScaledReconciler) valueOverTimeout(ctx context.Context, w *v1.Widget) error {
	tctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return r.Update(context.WithValue(tctx, key{}, 1), w) // want `Update is called with context.WithValue\(tctx, key\{\}, 1\), derived from context.Background\(\), although valueOverTimeout receives ctx, .*, only its deadline ends it: pass ctx`
}

// typed: client-go typed and dynamic clients.
func (r *ScaledReconciler) typed(ctx context.Context, ns, name string) error {
	pod, err := r.clientset.CoreV1().Pods(ns).Get(context.TODO(), name, metav1.GetOptions{}) // want `Get is called with context.TODO\(\) although typed receives ctx`
	if err != nil {
		return err
	}
	if _, err := r.clientset.CoreV1().Pods(ns).UpdateStatus(context.TODO(), pod, metav1.UpdateOptions{}); err != nil { // want `UpdateStatus is called with context.TODO\(\)`
		return err
	}
	gvr := schema.GroupVersionResource{Group: "demo.example.com", Version: "v1", Resource: "widgets"}
	return r.dyn.Resource(gvr).Namespace(ns).Delete(context.Background(), name, metav1.DeleteOptions{}) // want `Delete is called with context.Background\(\) although typed receives ctx`
}

// mapper: an unnamed context parameter; no fix.
func (r *ScaledReconciler) mapper(_ context.Context, obj client.Object) []reconcile.Request {
	list := &corev1.ConfigMapList{}
	if err := r.List(context.TODO(), list); err != nil { // want `List is called with context.TODO\(\) although mapper receives a context it does not name, so .*: pass the function's context`
		return nil
	}
	return nil
}

// funcs: a reconcile.Func receives its own context.
func (r *ScaledReconciler) funcs() reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		w := &v1.Widget{}
		return reconcile.Result{}, r.Get(context.TODO(), req.NamespacedName, w) // want `Get is called with context.TODO\(\) although the function literal receives ctx`
	})
}

// shadowed: the name ctx means something else where the call is; no fix.
func (r *ScaledReconciler) shadowed(ctx context.Context, names []string) error {
	for _, ctx := range names {
		w := &v1.Widget{}
		w.Name = ctx
		if err := r.Delete(context.TODO(), w); err != nil { // want `Delete is called with context.TODO\(\) although shadowed receives ctx`
			return err
		}
	}
	return nil
}

// --- near-misses ---

// legacy receives no context: nothing to pass instead.
func (r *ScaledReconciler) legacy(w *v1.Widget) error {
	return r.Update(context.TODO(), w)
}

// detached on purpose, and derived from the context.
func (r *ScaledReconciler) detached(ctx context.Context, w *v1.Widget) error {
	if err := r.Update(context.WithoutCancel(ctx), w); err != nil {
		return err
	}
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return r.Status().Update(tctx, w)
}

// cancelled: cleanup after the context is done needs a fresh one.
func (r *ScaledReconciler) cancelled(ctx context.Context, w *v1.Widget) error {
	err := r.Update(ctx, w)
	if ctx.Err() != nil {
		cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return r.Status().Update(cctx, w)
	}
	if errors.Is(err, context.Canceled) {
		return r.Status().Update(context.Background(), w)
	}
	return err
}

// failed: cleanup after a call given ctx failed, with a fresh context
// that has a deadline of its own.
func (r *ScaledReconciler) failed(ctx context.Context, w *v1.Widget) error {
	if err := r.Create(ctx, w); err != nil {
		cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = r.Delete(cctx, w)
		return err
	}
	return nil
}

// failedUnbounded: the same cleanup without a deadline can hang.
func (r *ScaledReconciler) failedUnbounded(ctx context.Context, w *v1.Widget) error {
	if err := r.Create(ctx, w); err != nil {
		_ = r.Delete(context.Background(), w) // want `Delete is called with context.Background\(\) although failedUnbounded receives ctx`
		return err
	}
	return nil
}

// bounded: one context made at the top from context.Background() with a
// timeout, used by every call: one finding, at the first call.
func (r *ScaledReconciler) bounded(_ context.Context, w *v1.Widget) error {
	tctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := r.Get(tctx, client.ObjectKeyFromObject(w), w); err != nil { // want `Get is called with tctx, derived from context.Background\(\), although bounded receives a context it does not name, .*; tctx is used by 4 API calls here, all reported by this finding`
		return err
	}
	w.Spec.Size = 1
	if err := r.Update(tctx, w); err != nil {
		// tctx was made for the whole function, not for this cleanup.
		_ = r.Status().Update(tctx, w)
		return err
	}
	return r.Status().Update(tctx, w)
}

// deferred cleanup runs when the reconcile ends, cancelled or not.
func (r *ScaledReconciler) deferred(ctx context.Context, w *v1.Widget) (err error) {
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = r.Status().Update(cctx, w)
	}()
	return r.Update(ctx, w)
}

// waits: after the context is done.
func (r *ScaledReconciler) waits(ctx context.Context, w *v1.Widget, done chan struct{}) error {
	select {
	case <-ctx.Done():
		return r.Status().Update(context.Background(), w)
	case <-done:
	}
	return r.Delete(context.Background(), w)
}

func (r *ScaledReconciler) waitsPlain(ctx context.Context, w *v1.Widget) error {
	<-ctx.Done()
	cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return r.Delete(cctx, w)
}

// background work may outlive the reconcile.
func (r *ScaledReconciler) background(ctx context.Context, w *v1.Widget) {
	go func() {
		_ = r.Update(context.Background(), w)
	}()
	r.register(func() {
		_ = r.List(context.TODO(), &corev1.ConfigMapList{})
	})
}

func (r *ScaledReconciler) register(f func()) {}

// mixed: the variable holds the context on some paths.
func (r *ScaledReconciler) mixed(ctx context.Context, w *v1.Widget, detach bool) error {
	c := ctx
	if detach {
		c = context.Background()
	}
	return r.Update(c, w)
}

// other calls than the API's are not judged.
func (r *ScaledReconciler) other(ctx context.Context, w *v1.Widget) error {
	return r.ensure(context.Background(), w)
}
