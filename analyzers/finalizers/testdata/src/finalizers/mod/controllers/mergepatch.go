package controllers

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// MergePatchReconciler sends finalizer changes with JSON merge patches
// (item 6).
type MergePatchReconciler struct{ client.Client }

// Flagged: the removal is sent with a merge patch without the lock.
func (r *MergePatchReconciler) removeWithMergeFrom(ctx context.Context, w *api.Widget) error {
	patch := client.MergeFrom(w.DeepCopy()) // want `the finalizers of w are changed \(controllerutil.RemoveFinalizer at line 21\) and sent by Patch at line 22 with this JSON merge patch, which replaces the whole list without a resourceVersion: .*"no new finalizers can be added if the object is being deleted"\); make the patch with client.MergeFromWithOptions\(base, client.MergeFromWithOptimisticLock\{\}\)`
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	return r.Patch(ctx, w, patch)
}

// Flagged: options that do not lock.
func (r *MergePatchReconciler) addWithOptions(ctx context.Context, w *api.Widget) error {
	base := w.DeepCopy()
	controllerutil.AddFinalizer(w, api.CleanupFinalizer)
	return r.Patch(ctx, w, client.MergeFromWithOptions(base)) // want `the finalizers of w are changed \(controllerutil.AddFinalizer at line 28\)`
}

// Flagged: a patch helper whose callers bind the change as a callback
// (mariadb-operator's finalizer helpers).
func (r *MergePatchReconciler) patchWith(ctx context.Context, w *api.Widget, mutate func(*api.Widget)) error {
	patch := client.MergeFrom(w.DeepCopy()) // want `the finalizers of w are changed \(controllerutil.AddFinalizer at mergepatch.go:41\)`
	mutate(w)
	return r.Patch(ctx, w, patch)
}

func (r *MergePatchReconciler) addThroughHelper(ctx context.Context, w *api.Widget) error {
	return r.patchWith(ctx, w, func(w *api.Widget) { controllerutil.AddFinalizer(w, api.CleanupFinalizer) })
}

func (r *MergePatchReconciler) removeThroughHelper(ctx context.Context, w *api.Widget) error {
	return r.patchWith(ctx, w, func(w *api.Widget) { controllerutil.RemoveFinalizer(w, api.CleanupFinalizer) })
}

// Quiet: the optimistic lock; a change made before the base was copied
// (the patch does not carry it: mergefrom's concern); a patch that changes
// other fields; a patch whose base is another object.
func (r *MergePatchReconciler) locked(ctx context.Context, w *api.Widget) error {
	patch := client.MergeFromWithOptions(w.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	return r.Patch(ctx, w, patch)
}

func (r *MergePatchReconciler) changedBeforeCopy(ctx context.Context, w *api.Widget) error {
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	patch := client.MergeFrom(w.DeepCopy())
	return r.Patch(ctx, w, patch)
}

func (r *MergePatchReconciler) labelsOnly(ctx context.Context, w *api.Widget) error {
	patch := client.MergeFrom(w.DeepCopy())
	w.Labels = map[string]string{"a": "b"}
	if err := r.Patch(ctx, w, patch); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	return r.Update(ctx, w)
}

func (r *MergePatchReconciler) otherBase(ctx context.Context, w, other *api.Widget) error {
	patch := client.MergeFrom(other)
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
	return r.Patch(ctx, w, patch)
}

// Flagged: the callback changes the object through the path its caller
// passes (wf.w), captured, not through its own parameter.
type wrappedWidget struct {
	client.Client
	w *api.Widget
}

func (wf *wrappedWidget) patch(ctx context.Context, w *api.Widget, mutate func(*api.Widget)) error {
	patch := client.MergeFrom(w.DeepCopy()) // want `the finalizers of w are changed \(controllerutil.RemoveFinalizer at mergepatch.go:93\)`
	mutate(w)
	return wf.Patch(ctx, w, patch)
}

func (wf *wrappedWidget) RemoveFinalizer(ctx context.Context) error {
	return wf.patch(ctx, wf.w, func(*api.Widget) { controllerutil.RemoveFinalizer(wf.w, api.CleanupFinalizer) })
}

// Quiet for the patch's base: a status patch sends no metadata; a patch
// retried by retry.OnError from a fresh read (the failure the stale list
// causes is retried). The status patch loses the removal, though: it is
// never sent, and the answer decoded into w holds the stored finalizers.
func (r *MergePatchReconciler) statusPatch(ctx context.Context, w *api.Widget) error {
	patch := client.MergeFrom(w.DeepCopy())
	controllerutil.RemoveFinalizer(w, api.CleanupFinalizer) // want `finalizer "mod.example.com/cleanup" is removed from w, but the first write of w after it is Status\(\).Patch at line 103, which writes only the status and replaces w with the stored object, so the change is lost; call Update or Patch on w after RemoveFinalizer`
	return r.Status().Patch(ctx, w, patch)
}

func (r *MergePatchReconciler) retriedFromFreshRead(ctx context.Context, key client.ObjectKey, w *api.Widget) error {
	return retry.OnError(retry.DefaultRetry, apierrors.IsConflict, func() error {
		if err := r.Get(ctx, key, w); err != nil {
			return err
		}
		orig := w.DeepCopy()
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return r.Patch(ctx, w, client.MergeFrom(orig))
	})
}

// Flagged: retried, but from the same stale object.
func (r *MergePatchReconciler) retriedStale(ctx context.Context, w *api.Widget) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		orig := w.DeepCopy()
		controllerutil.RemoveFinalizer(w, api.CleanupFinalizer)
		return r.Patch(ctx, w, client.MergeFrom(orig)) // want `the finalizers of w are changed \(controllerutil.RemoveFinalizer at line 121\)`
	})
}
