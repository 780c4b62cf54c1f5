package a

import (
	"context"
	"reflect"

	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// Where a field of an object equals the same field of a copy of it, the
// changes one of them made there since the copy left it as it was: a
// write on that branch neither drops nor sends them (numaflow's pipeline
// controller).

// finalizersChanged is false only when the finalizers are equal.
func finalizersChanged(old, updated *v1.Widget) bool {
	if old == nil {
		return true
	}
	if !equality.Semantic.DeepEqual(old.Finalizers, updated.Finalizers) {
		return true
	}
	return false
}

func (r *Reconciler) reconcileCopy(ctx context.Context, w *v1.Widget) {
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, "example.com/cleanup")
		return
	}
	w.Status.Phase = "Ready"
}

// The finalizers are sent when they changed; on the other path they did
// not, and only the status is sent.
func (r *Reconciler) equalByHelper(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	wCopy := w.DeepCopy()
	r.reconcileCopy(ctx, wCopy)
	if finalizersChanged(w, wCopy) {
		if err := r.Update(ctx, wCopy.DeepCopy()); err != nil {
			return err
		}
	}
	return r.Status().Update(ctx, wCopy)
}

// The same comparison in the condition itself, on the original's side.
func (r *Reconciler) equalInline(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	old := w.DeepCopy()
	w.Spec.Size = 3
	if !reflect.DeepEqual(old.Spec, w.Spec) {
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	w.Status.Phase = "Ready"
	return r.Status().Update(ctx, w)
}

// A scalar field compared with ==.
func (r *Reconciler) equalScalar(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	old := w.DeepCopy()
	w.Spec.Size = 3
	if old.Spec.Size != w.Spec.Size {
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	w.Status.Phase = "Ready"
	return r.Status().Update(ctx, w)
}

// Comparing another field says nothing of the finalizers.
func (r *Reconciler) equalOtherField(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	wCopy := w.DeepCopy()
	r.reconcileCopy(ctx, wCopy)
	if !reflect.DeepEqual(w.Labels, wCopy.Labels) {
		if err := r.Update(ctx, wCopy.DeepCopy()); err != nil {
			return err
		}
	}
	return r.Status().Update(ctx, wCopy) // want `wCopy.Finalizers is written but wCopy is sent only with Status\(\).Update`
}

// A change made before the copy is in both: equal values do not undo it.
func (r *Reconciler) changedBeforeCopy(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 3
	old := w.DeepCopy()
	if reflect.DeepEqual(old.Spec, w.Spec) {
		w.Status.Phase = "Ready"
		return r.Status().Update(ctx, w) // want `w.Spec.Size is written but w is sent only with Status\(\).Update`
	}
	return nil
}

// Two objects that are not copies of each other: equal values say
// nothing of what either changed.
func (r *Reconciler) equalUnrelated(ctx context.Context, req reconcile.Request, desired *v1.Widget) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 3
	if reflect.DeepEqual(desired.Spec, w.Spec) {
		w.Status.Phase = "Ready"
		return r.Status().Update(ctx, w) // want `w.Spec.Size is written but w is sent only with Status\(\).Update`
	}
	return nil
}

// sameSize is true only when the sizes are equal.
func sameSize(a, b *v1.Widget) bool {
	return a.Spec.Size == b.Spec.Size && reflect.DeepEqual(a.Labels, b.Labels)
}

// A helper's true result, returned as an expression.
func (r *Reconciler) equalByReturnedExpr(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	old := w.DeepCopy()
	w.Spec.Size = 3
	if sameSize(old, w) {
		w.Status.Phase = "Ready"
		return r.Status().Update(ctx, w)
	}
	w.Status.Phase = "Resized"
	return r.Status().Update(ctx, w) // want `w.Spec.Size is written but w is sent only with Status\(\).Update`
}
