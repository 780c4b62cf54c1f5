package controllers

import (
	"context"
	"sort"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/patch"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// SaveReconciler changes finalizers and sometimes forgets to save them.
type SaveReconciler struct{ client.Client }

func (r *SaveReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		cp := w.DeepCopy()
		controllerutil.RemoveFinalizer(cp, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is removed from cp but cp is never updated or patched afterwards: the API server keeps the finalizer and the object stays in Terminating`
		return ctrl.Result{}, r.Update(ctx, w)
	}
	controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added to w but w is never updated or patched afterwards: the API server never sees the finalizer`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

func (r *SaveReconciler) get(ctx context.Context, req ctrl.Request) (*api.Widget, error) {
	w := &api.Widget{}
	err := r.Get(ctx, req.NamespacedName, w)
	return w, err
}

// patched saves with a patch.
func (r *SaveReconciler) patched(ctx context.Context, key client.ObjectKey) error {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	if !w.DeletionTimestamp.IsZero() {
		return nil
	}
	base := w.DeepCopy()
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return r.Patch(ctx, w, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}))
}

// handed passes the object to a function that may save it.
func (r *SaveReconciler) handed(ctx context.Context, key client.ObjectKey) error {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	return r.save(ctx, w)
}

func (r *SaveReconciler) save(ctx context.Context, w *api.Widget) error { return r.Update(ctx, w) }

// returned hands the object back to the caller.
func (r *SaveReconciler) returned(ctx context.Context, key client.ObjectKey) (*api.Widget, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return nil, err
	}
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	return w, nil
}

// param changes an object its caller owns and saves.
func param(w *api.Widget) {
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
}

// deferred saves in a deferred closure, as cluster-api's patch helper does.
func (r *SaveReconciler) deferred(ctx context.Context, key client.ObjectKey) (err error) {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	defer func() {
		err = r.Update(ctx, w)
	}()
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	return nil
}

// patchedByHelper adds the finalizer and returns: cluster-api's patch
// helper, deferred, patches the object at every return.
func (r *SaveReconciler) patchedByHelper(ctx context.Context, key client.ObjectKey) (err error) {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	helper, err := patch.NewHelper(w, r.Client)
	if err != nil {
		return err
	}
	defer func() {
		if perr := helper.Patch(ctx, w); perr != nil {
			err = perr
		}
	}()
	names := []string{w.Name}
	sort.Strings(names)
	if !controllerutil.ContainsFinalizer(w, api.CleanupFinalizer) {
		controllerutil.AddFinalizer(w, api.CleanupFinalizer)
		return nil
	}
	return nil
}

// patchedByOwnHelper defers a function of the package that calls the
// patch helper.
func (r *SaveReconciler) patchedByOwnHelper(ctx context.Context, key client.ObjectKey) (err error) {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	helper, err := patch.NewHelper(w, r.Client)
	if err != nil {
		return err
	}
	defer func() {
		if perr := patchWidget(ctx, helper, w); perr != nil {
			err = perr
		}
	}()
	if !controllerutil.ContainsFinalizer(w, api.CleanupFinalizer) {
		controllerutil.AddFinalizer(w, api.CleanupFinalizer)
		return nil
	}
	return nil
}

func patchWidget(ctx context.Context, helper *patch.Helper, w *api.Widget) error {
	return helper.Patch(ctx, w)
}

// mutated adds the finalizer in a CreateOrUpdate mutate function.
func (r *SaveReconciler) mutated(ctx context.Context) error {
	s := &corev1.Secret{}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, s, func() error {
		controllerutil.AddFinalizer(s, api.CleanupFinalizer)
		return nil
	})
	return err
}

// copied changes a copy taken from a list.
func (r *SaveReconciler) copied(ctx context.Context, items []api.Widget) {
	for _, item := range items {
		controllerutil.RemoveFinalizer(&item, api.CleanupFinalizer) // want `is removed from item but item is never updated or patched afterwards`
	}
	for _, item := range items {
		controllerutil.RemoveFinalizer(&item, api.CleanupFinalizer)
		_ = r.Update(ctx, &item)
	}
}

// PathSaveReconciler removes the finalizer on the deletion path and
// returns without a write there; the write is on the other path.
type PathSaveReconciler struct{ client.Client }

func (r *PathSaveReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is removed from w but w is never updated or patched afterwards`
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// PathSavedReconciler saves on every path that removes.
type PathSavedReconciler struct{ client.Client }

func (r *PathSavedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		if controllerutil.RemoveFinalizer(w, api.CleanupFinalizer) {
			if err := r.Update(ctx, w); err != nil {
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(w, api.CleanupFinalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// CallbackReconciler changes finalizers in mutate callbacks that its patch
// helper calls between building the patch and sending it.
type CallbackReconciler struct {
	client.Client
	w *api.Widget
}

func (r *CallbackReconciler) addFinalizer(ctx context.Context) error {
	return r.patch(ctx, r.w, func(w *api.Widget) {
		controllerutil.AddFinalizer(w, api.CleanupFinalizer) // the callback's parameter: patch saves it
	})
}

func (r *CallbackReconciler) removeFinalizer(ctx context.Context) error {
	return r.patch(ctx, r.w, func(w *api.Widget) {
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	})
}

func (r *CallbackReconciler) patch(ctx context.Context, w *api.Widget, mutate func(*api.Widget)) error {
	base := w.DeepCopy()
	mutate(w)
	return r.Patch(ctx, w, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}))
}

// forgotten: a closure's own local is still judged.
func (r *CallbackReconciler) forgotten(ctx context.Context) {
	run(func() {
		w := &api.Widget{}
		controllerutil.AddFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is added to w but w is never updated or patched afterwards`
	})
}

func run(f func()) { f() }
