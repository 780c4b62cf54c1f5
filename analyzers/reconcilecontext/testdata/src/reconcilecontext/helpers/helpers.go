// Package helpers holds reconcile helpers that take no context and make
// API calls with a fresh one, although every caller has a context to
// give them; and near-misses: helpers with other callers, helpers run
// on their own, helpers nobody in the package calls.
package helpers

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

type GadgetReconciler struct {
	client.Client
	store  store        // an interface of the package, implemented by a wrapper
	direct storeFuncs   // the wrapper itself
	hooks  []func()     // callbacks run later
	loop   func() error // a helper kept as a value
}

func (r *GadgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	maps, err := r.listMaps()
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := r.relabel(maps.Items); err != nil {
		return ctrl.Result{}, err
	}
	w := &v1.Widget{}
	if err := r.fetch(req.Name, w); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.fetchDirect(req.Name, w); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.deadline(w); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.outer(w); err != nil {
		return ctrl.Result{}, err
	}
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error { return r.retried(w) }); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Sync(w); err != nil {
		return ctrl.Result{}, err
	}
	r.countdown(w, 3)

	// near-misses
	_ = r.shared(w)
	go r.background()
	r.loop = r.asValue
	r.hooks = append(r.hooks, func() { _ = r.later(w) })
	_ = r.detached(w)
	defer r.deferred(w)
	return ctrl.Result{}, nil
}

// Finalize is a second caller with a context.
func (r *GadgetReconciler) Finalize(ctx context.Context, w *v1.Widget) error {
	_, err := r.listMaps()
	return err
}

// listMaps: a fresh context in a local variable, called from Reconcile
// and Finalize.
func (r *GadgetReconciler) listMaps() (*corev1.ConfigMapList, error) {
	ctx := context.Background()
	list := &corev1.ConfigMapList{}
	if err := r.List(ctx, list); err != nil { // want `reconcilecontext: List is called with ctx, derived from context.Background\(\), in listMaps, which takes no context although all its callers in the package run with one \(Reconcile, Finalize\), so the request is not cancelled when their context is \(manager shutdown, leader-election loss, the end of the reconcile or webhook request\) and a stuck call holds the worker: give listMaps a context parameter and pass the caller's`
		return nil, err
	}
	return list, nil
}

// relabel: every API call of the helper is reported.
func (r *GadgetReconciler) relabel(maps []corev1.ConfigMap) error {
	ctx := context.Background()
	for i := range maps {
		maps[i].Labels = map[string]string{"owner": "gadget"}
		if err := r.Update(ctx, &maps[i]); err != nil { // want `Update is called with ctx, derived from context.Background\(\), in relabel`
			return err
		}
	}
	return r.Status().Update(context.Background(), &maps[0]) // want `Status\(\).Update is called with context.Background\(\) in relabel`
}

// fetch: through an interface of the package whose implementation hands
// its context to client.Get.
func (r *GadgetReconciler) fetch(name string, w *v1.Widget) error {
	return r.store.Get(context.TODO(), r.Client, name, w) // want `r.store.Get \(which passes its context to Get\) is called with context.TODO\(\) in fetch, which takes no context although all its callers in the package run with one \(Reconcile\)`
}

// fetchDirect: through the wrapper type itself.
func (r *GadgetReconciler) fetchDirect(name string, w *v1.Widget) error {
	if err := r.direct.Patch(context.TODO(), r.Client, w); err != nil { // want `r.direct.Patch \(which passes its context to Status\(\).Patch\) is called with context.TODO\(\) in fetchDirect`
		return err
	}
	r.direct.Log(context.TODO(), "fetched")                // not a forwarder
	return r.direct.Get(context.TODO(), r.Client, name, w) // want `r.direct.Get \(which passes its context to Get\) is called with context.TODO\(\) in fetchDirect`
}

// deadline: a context derived from a fresh one.
func (r *GadgetReconciler) deadline(w *v1.Widget) error {
	tctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return r.Update(tctx, w) // want `Update is called with tctx, derived from context.Background\(\), in deadline, .*\(manager shutdown, leader-election loss, the end of the reconcile or webhook request\), only its deadline ends it: give deadline a context parameter`
}

// outer calls inner, which is reached only through it: both are
// helpers.
func (r *GadgetReconciler) outer(w *v1.Widget) error {
	return r.inner(w)
}

func (r *GadgetReconciler) inner(w *v1.Widget) error {
	return r.Delete(context.TODO(), w) // want `Delete is called with context.TODO\(\) in inner, which takes no context although all its callers in the package run with one \(outer\)`
}

// retried runs inside a retry callback of Reconcile: Reconcile's context
// is there.
func (r *GadgetReconciler) retried(w *v1.Widget) error {
	return r.Update(context.TODO(), w) // want `Update is called with context.TODO\(\) in retried`
}

// Sync is exported, and called from Reconcile.
func (r *GadgetReconciler) Sync(w *v1.Widget) error {
	return r.Get(context.TODO(), client.ObjectKeyFromObject(w), w) // want `Get is called with context.TODO\(\) in Sync`
}

// countdown calls itself.
func (r *GadgetReconciler) countdown(w *v1.Widget, n int) {
	if n == 0 {
		return
	}
	_ = r.Update(context.TODO(), w) // want `Update is called with context.TODO\(\) in countdown`
	r.countdown(w, n-1)
}

// unused is dead: its call of fetchDirect does not count.
func (r *GadgetReconciler) unused(w *v1.Widget) {
	_ = r.fetchDirect("x", w)
}

// --- near-misses ---

// shared is also called from tick, which has no context.
func (r *GadgetReconciler) shared(w *v1.Widget) error {
	return r.Update(context.Background(), w)
}

func (r *GadgetReconciler) tick(w *v1.Widget) {
	_ = r.shared(w)
}

// Tick is called by other packages.
func (r *GadgetReconciler) Tick() { r.tick(&v1.Widget{}) }

// background runs on its own, started by a go statement.
func (r *GadgetReconciler) background() {
	_ = r.List(context.Background(), &corev1.ConfigMapList{})
}

// asValue is used as a function value.
func (r *GadgetReconciler) asValue() error {
	return r.List(context.Background(), &corev1.ConfigMapList{})
}

// later is called from a callback that may run after the reconcile.
func (r *GadgetReconciler) later(w *v1.Widget) error {
	return r.Update(context.Background(), w)
}

// detached detaches on purpose.
func (r *GadgetReconciler) detached(w *v1.Widget) error {
	return r.Update(context.WithoutCancel(context.Background()), w)
}

// deferred cleanup may run when the reconcile's context is done.
func (r *GadgetReconciler) deferred(w *v1.Widget) {
	_ = r.Status().Update(context.Background(), w)
}

// Exported has no caller in the package: an API of its own.
func (r *GadgetReconciler) Exported(w *v1.Widget) error {
	return r.Update(context.TODO(), w)
}

// runner is a method reached through an interface of the package.
type runner interface{ run() error }

func (r *GadgetReconciler) run() error {
	return r.List(context.TODO(), &corev1.ConfigMapList{})
}

func (r *GadgetReconciler) start(ctx context.Context, x runner) error {
	_ = r.run()
	return x.run()
}

// init and main-like entry points have no caller.
func init() {
	_ = (&GadgetReconciler{}).viaInit()
}

func (r *GadgetReconciler) viaInit() error {
	return r.List(context.TODO(), &corev1.ConfigMapList{})
}
