package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// Rule 4: an object the caller gives is sent with a plain write, which
// replaces it with what the server stored, then with a status write: the
// status the caller set is lost.

func (r *Reconciler) saveBoth(ctx context.Context, w *v1.Widget) error {
	if err := r.Update(ctx, w); err != nil { // want `w is sent with Update, which replaces w with what the server stored, before Status\(\).Update at line 21 with no status change between: that write sends the stored status back, so the status changes the caller made to w are lost \(without any, the status write does nothing\); save the status before Update and restore it after \(status := w.Status.DeepCopy\(\) ... w.Status = \*status\)`
		return err
	}
	return r.Status().Update(ctx, w)
}

// patchChanged patches what changed, through an interface whose kind is
// not known.
func (r *Reconciler) patchChanged(ctx context.Context, stored, updated client.Object, body, status bool) error {
	if body {
		if err := r.Patch(ctx, updated, client.MergeFrom(stored)); err != nil { // want `updated is sent with Patch, which replaces updated .* before Status\(\).Patch at line 33`
			return err
		}
	}
	if status {
		return r.Status().Patch(ctx, updated, client.MergeFrom(stored))
	}
	return nil
}

// saveObject writes any object: the status cannot be named.
func (r *Reconciler) saveObject(ctx context.Context, obj client.Object) error {
	if err := r.Update(ctx, obj); err != nil { // want `obj is sent with Update, .* are lost \(without any, the status write does nothing\); save the status before Update and restore it after$`
		return err
	}
	return r.Status().Update(ctx, obj)
}

// patchIfChanged compares the objects without their status first
// (ToUnstructured copies each into a new map).
func (r *Reconciler) patchIfChanged(ctx context.Context, stored, updated client.Object) error {
	if !bodyEqual(stored, updated) {
		if err := r.Patch(ctx, updated, client.MergeFrom(stored)); err != nil { // want `updated is sent with Patch, which replaces updated`
			return err
		}
	}
	return r.Status().Patch(ctx, updated, client.MergeFrom(stored))
}

func bodyEqual(a, b client.Object) bool {
	ua, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(a)
	ub, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(b)
	delete(ua, "status")
	delete(ub, "status")
	return len(ua) == len(ub)
}

// Near misses.

// patchCopies sends deep copies: updated keeps the caller's status.
func (r *Reconciler) patchCopies(ctx context.Context, stored, updated client.Object) error {
	if err := r.Patch(ctx, updated.DeepCopyObject().(client.Object), client.MergeFrom(stored)); err != nil {
		return err
	}
	return r.Status().Patch(ctx, updated.DeepCopyObject().(client.Object), client.MergeFrom(stored))
}

// statusFirst writes the status before the plain write.
func (r *Reconciler) statusFirst(ctx context.Context, w *v1.Widget) error {
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	return r.Update(ctx, w)
}

// restored saves the status and restores it after the plain write.
func (r *Reconciler) restored(ctx context.Context, w *v1.Widget) error {
	status := w.Status.DeepCopy()
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status = *status
	return r.Status().Update(ctx, w)
}

// fetched reads the object itself: no status change is pending before
// the plain write, and the status write repeats the stored status.
func (r *Reconciler) fetched(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	w.Labels = map[string]string{"a": "b"}
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	return r.Status().Update(ctx, w)
}

// reread reads the parameter again before writing it.
func (r *Reconciler) reread(ctx context.Context, w *v1.Widget) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
		return err
	}
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	return r.Status().Update(ctx, w)
}

// setAfter sets the status after the plain write.
func (r *Reconciler) setAfter(ctx context.Context, w *v1.Widget, phase string) error {
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status.Phase = phase
	return r.Status().Update(ctx, w)
}

// noSubresource: a ConfigMap has no status (rule 3 reports the status
// write).
func (r *Reconciler) noSubresource(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil {
		return err
	}
	return r.Status().Update(ctx, cm) // want `Status\(\).Update of ConfigMap fails with 404`
}
