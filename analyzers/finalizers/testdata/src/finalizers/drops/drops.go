// Package drops holds finalizer removals that drop the finalizers without
// naming one (item 5). It lies in no module of its own, so that its
// clears do not count as removals of every name of another fixture.
package drops

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ClearReconciler clears the finalizers after an inverted check whose else
// branch handles success: the function still returns when err is nil
// (netbird's handleDelete).
type ClearReconciler struct{ client.Client }

func (r *ClearReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	var svc corev1.ConfigMap
	err := r.Get(ctx, req.NamespacedName, &svc)
	if !apierrors.IsNotFound(err) { // want `apierrors.IsNotFound\(err\) is false also when err is nil, so when r.Get succeeds the function returns here and the finalizers' removal at line 35 never runs: the finalizers stay and the object stays in Terminating`
		return ctrl.Result{}, err
	} else if err == nil {
		svc.Data = nil
	}
	w.Finalizers = nil
	return ctrl.Result{}, r.Update(ctx, w)
}

// FilterReconciler filters the finalizers with a helper after the same
// check.
type FilterReconciler struct{ client.Client }

func (r *FilterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := r.Delete(ctx, &corev1.ConfigMap{})
	if !apierrors.IsNotFound(err) { // want `apierrors.IsNotFound\(err\) is false also when err is nil, so when r.Delete succeeds the function returns here and the finalizers' removal at line 55 never runs`
		return ctrl.Result{}, err
	}
	w.SetFinalizers(without(w.GetFinalizers(), "example.com/cleanup"))
	return ctrl.Result{}, r.Update(ctx, w)
}

func without(list []string, name string) []string {
	var out []string
	for _, s := range list {
		if s != name {
			out = append(out, s)
		}
	}
	return out
}

// ClearCheckedReconciler tests err != nil first: quiet, and so is a
// finalizers store that keeps them.
type ClearCheckedReconciler struct{ client.Client }

func (r *ClearCheckedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := r.Delete(ctx, &corev1.ConfigMap{})
	if err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	} else if err == nil {
		return ctrl.Result{Requeue: true}, nil
	}
	w.Finalizers = []string{}
	return ctrl.Result{}, r.Update(ctx, w)
}

// KeptReconciler returns on success before a store that keeps the
// finalizers: no removal, quiet.
type KeptReconciler struct{ client.Client }

func (r *KeptReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	err := r.Delete(ctx, &corev1.ConfigMap{})
	if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	w.Finalizers = w.DeepCopy().Finalizers
	return ctrl.Result{}, r.Update(ctx, w)
}

// PatchClearReconciler sends finalizer changes with JSON merge patches
// (item 6). Quiet: the whole list cleared (kubeblocks clears a PVC's finalizers):
// the patch is "finalizers": null whatever the base held, so the lock
// would change nothing.
type PatchClearReconciler struct{ client.Client }

func (r *PatchClearReconciler) clearAll(ctx context.Context, pvc *corev1.ConfigMap) error {
	patch := client.MergeFrom(pvc.DeepCopy())
	pvc.Finalizers = nil
	return client.IgnoreNotFound(r.Patch(ctx, pvc, patch))
}

func (r *PatchClearReconciler) clearAllWithSetter(ctx context.Context, pvc *corev1.ConfigMap) error {
	patch := client.MergeFrom(pvc.DeepCopy())
	pvc.SetFinalizers([]string{})
	return r.Patch(ctx, pvc, patch)
}

// Flagged: cleared, then one added: the list sent is the in-memory one.
func (r *PatchClearReconciler) clearThenAdd(ctx context.Context, pvc *corev1.ConfigMap) error {
	patch := client.MergeFrom(pvc.DeepCopy()) // want `the finalizers of pvc are changed \(the assignment to pvc.Finalizers at line 130\)`
	pvc.Finalizers = nil
	pvc.Finalizers = append(pvc.Finalizers, "example.com/mine")
	return r.Patch(ctx, pvc, patch)
}

// Flagged: a list that keeps some of the old finalizers.
func (r *PatchClearReconciler) keepSome(ctx context.Context, pvc *corev1.ConfigMap) error {
	patch := client.MergeFrom(pvc.DeepCopy()) // want `the finalizers of pvc are changed \(the assignment to pvc.Finalizers at line 137\)`
	pvc.Finalizers = pvc.Finalizers[:1]
	return r.Patch(ctx, pvc, patch)
}
