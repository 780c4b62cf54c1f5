// Package depth exercises statusupdate on the shapes of real bugs: helpers
// that receive the object, client wrappers, closures.
package depth

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/cache"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

type Reconciler struct {
	client.Client
}

// Flagged.

// The caller changes the spec; the helper sends only the status.
func (r *Reconciler) specThenStatusHelper(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 3
	return r.saveStatus(ctx, w) // want `w.Spec.Size is written but w is sent only with r.saveStatus \(which calls Status\(\).Update\), which persists nothing but status`
}

func (r *Reconciler) saveStatus(ctx context.Context, w *v1.Widget) error {
	return r.Status().Update(ctx, w)
}

// A helper changes the spec of the object it is given and sends only its
// status.
func (r *Reconciler) resize(ctx context.Context, w *v1.Widget, size int) error {
	w.Spec.Size = size
	return r.Status().Update(ctx, w) // want `w.Spec.Size is written but w is sent only with Status\(\).Update`
}

// A helper sets the status; the caller sends the object with Update.
func (r *Reconciler) statusHelperThenUpdate(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	markReady(w)
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

func markReady(w *v1.Widget) { w.Status.Phase = "Ready" }

// A client wrapper of the package.
type kube struct{ c client.Client }

func (k *kube) Save(ctx context.Context, obj client.Object) error { return k.c.Update(ctx, obj) }

func (k *kube) SaveStatus(ctx context.Context, obj client.Object) error {
	return k.c.Status().Update(ctx, obj)
}

func throughWrapper(ctx context.Context, k *kube, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := k.c.Get(ctx, key, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	return k.Save(ctx, w) // want `w.Status.Phase is written but w is sent only with k.Save \(which calls Update\)`
}

// Inside a retry closure.
func retryOnConflict(fn func() error) error { return fn() }

func (r *Reconciler) inClosure(ctx context.Context, req reconcile.Request) error {
	return retryOnConflict(func() error {
		w := &v1.Widget{}
		if err := r.Get(ctx, req.NamespacedName, w); err != nil {
			return err
		}
		w.Status.Phase = "Ready"
		return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
	})
}

// Not flagged.

func statusThroughWrapper(ctx context.Context, k *kube, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := k.c.Get(ctx, key, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	return k.SaveStatus(ctx, w)
}

func (r *Reconciler) specThenUpdateHelper(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 3
	return r.save(ctx, w)
}

func (r *Reconciler) save(ctx context.Context, w *v1.Widget) error { return r.Update(ctx, w) }

// The helper writes both halves.
func (r *Reconciler) saveBoth(ctx context.Context, w *v1.Widget) error {
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status.Phase = "Saved"
	return r.Status().Update(ctx, w)
}

func (r *Reconciler) specThenBothHelper(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 3
	return r.saveBoth(ctx, w)
}

// Managed fields cleared before a status write: no field that a write
// drops.
func (r *Reconciler) managedFieldsCleared(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	w.ManagedFields = nil
	return r.Status().Update(ctx, w)
}

// Flagged: ctrl.SetControllerReference, controller-runtime's alias of
// controllerutil.SetControllerReference, only reads the owner.
func (r *Reconciler) ownedThenUpdated(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	child := &v1.Widget{}
	if err := ctrl.SetControllerReference(w, child, nil); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// Flagged: apiutil.GVKForObject only reads the object's type.
func (r *Reconciler) kindThenUpdated(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	if _, err := apiutil.GVKForObject(w, nil); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// Flagged: cache.MetaNamespaceKeyFunc only reads the object's metadata.
func (r *Reconciler) keyedThenUpdated(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	if _, err := cache.MetaNamespaceKeyFunc(w); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// Flagged: Scheme.ObjectKinds only reads the object's type.
func (r *Reconciler) kindsThenUpdated(ctx context.Context, req reconcile.Request, scheme *runtime.Scheme) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	if _, _, err := scheme.ObjectKinds(w); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// A helper that takes the change as a callback (mariadb-operator's patch
// helpers): its callers bind function literals to the parameter, and a
// call of the parameter runs them.
func (r *Reconciler) mutateAndSave(ctx context.Context, w *v1.Widget, mutate func(*v1.Widget)) error {
	mutate(w)
	return r.Update(ctx, w) // want `w.Status.Phase is written \(at depth.go:204\) but w is sent only with Update`
}

func (r *Reconciler) markWithCallback(ctx context.Context, w *v1.Widget) error {
	return r.mutateAndSave(ctx, w, func(w *v1.Widget) { w.Status.Phase = "Ready" })
}

func (r *Reconciler) resizeWithCallback(ctx context.Context, w *v1.Widget) error {
	return r.mutateAndSave(ctx, w, func(w *v1.Widget) { w.Spec.Size = 2 })
}

// Quiet: the same helper exported may be called from other packages with
// other callbacks; and a helper whose callers all change the spec only.
func (r *Reconciler) MutateAndSave(ctx context.Context, w *v1.Widget, mutate func(*v1.Widget)) error {
	mutate(w)
	return r.Update(ctx, w)
}

func (r *Reconciler) markThroughExported(ctx context.Context, w *v1.Widget) error {
	return r.MutateAndSave(ctx, w, func(w *v1.Widget) { w.Status.Phase = "Ready" })
}

func (r *Reconciler) resizeAndSave(ctx context.Context, w *v1.Widget, mutate func(*v1.Widget)) error {
	mutate(w)
	return r.Update(ctx, w)
}

func (r *Reconciler) resizeOnly(ctx context.Context, w *v1.Widget) error {
	return r.resizeAndSave(ctx, w, func(w *v1.Widget) { w.Spec.Size = 2 })
}

// A helper that only runs the callback its callers bind, which saves the
// object through another helper: the finding is made once, in the
// callback, whether the callback is met on its own or run by the helper.
func (r *Reconciler) withWidget(ctx context.Context, w *v1.Widget, do func(*v1.Widget) error) error {
	return do(w)
}

func (r *Reconciler) markThenSave(ctx context.Context, w *v1.Widget) error {
	return r.withWidget(ctx, w, func(w *v1.Widget) error {
		w.Status.Phase = "Ready"
		return r.saveAll(ctx, w) // want `w.Status.Phase is written but w is sent only with r.saveAll \(which calls Update\)`
	})
}

func (r *Reconciler) saveAll(ctx context.Context, w *v1.Widget) error { return r.Update(ctx, w) }
