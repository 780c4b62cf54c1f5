package a

import (
	"context"
	"errors"

	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// controller-runtime's finalizer.Finalizers adds its finalizers to an
// object not being deleted and removes them from one that is; its
// Result's Updated says whether it did.

type FinalizingReconciler struct {
	client.Client
	Finalizers finalizer.Finalizers
}

// Flagged: the finalizer Finalize added is not yet stored when the status
// write replaces the object with the stored one, so the Update after it
// sends the old finalizers (operator-framework/operator-controller#1283).
func (r *FinalizingReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	existing := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, existing); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w := existing.DeepCopy()
	res, err := r.reconcile(ctx, w)
	if !equality.Semantic.DeepEqual(existing.Status, w.Status) {
		if uerr := r.Status().Update(ctx, w); uerr != nil { // want `w.Finalizers is written before w is sent with Status\(\).Update, which persists nothing but status .* so the write after it sends the old values`
			err = errors.Join(err, uerr)
		}
	}
	if !equality.Semantic.DeepEqual(existing.Finalizers, w.Finalizers) {
		if uerr := r.Update(ctx, w); uerr != nil {
			err = errors.Join(err, uerr)
		}
	}
	return res, err
}

func (r *FinalizingReconciler) reconcile(ctx context.Context, w *v1.Widget) (reconcile.Result, error) {
	fres, err := r.Finalizers.Finalize(ctx, w)
	if err != nil {
		w.Status.Phase = "FinalizerFailed"
		return reconcile.Result{}, err
	}
	if fres.Updated || fres.StatusUpdated {
		return reconcile.Result{}, nil
	}
	w.Status.Phase = "Ready"
	return reconcile.Result{}, nil
}

// Not flagged: the fix keeps the finalizers aside and puts them back
// after the status write, before the Update.
func (r *FinalizingReconciler) reconcileKept(ctx context.Context, existing *v1.Widget) error {
	w := existing.DeepCopy()
	_, err := r.reconcile(ctx, w)
	finalizers := w.Finalizers
	if !equality.Semantic.DeepEqual(existing.Status, w.Status) {
		if uerr := r.Status().Update(ctx, w); uerr != nil {
			err = errors.Join(err, uerr)
		}
	}
	w.Finalizers = finalizers
	if !equality.Semantic.DeepEqual(existing.Finalizers, w.Finalizers) {
		if uerr := r.Update(ctx, w); uerr != nil {
			err = errors.Join(err, uerr)
		}
	}
	return err
}

// Not flagged: where Finalize says it changed nothing, the status write
// sends no finalizer change.
func (r *FinalizingReconciler) finalizeFirst(ctx context.Context, w *v1.Widget) error {
	res, err := r.Finalizers.Finalize(ctx, w)
	if err != nil {
		return err
	}
	if res.Updated {
		return r.Update(ctx, w)
	}
	w.Status.Phase = "Ready"
	return r.Status().Update(ctx, w)
}

// Flagged: Finalize's answer is not looked at.
func (r *FinalizingReconciler) finalizeUnchecked(ctx context.Context, w *v1.Widget) error {
	if _, err := r.Finalizers.Finalize(ctx, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	return r.Status().Update(ctx, w) // want `w.Finalizers is written but w is sent only with Status\(\).Update`
}

// Flagged: Finalize failed, yet it may have removed the finalizers whose
// cleanup succeeded (its error says nothing of that; only Updated does),
// and the status write of the failure drops that removal.
func (r *FinalizingReconciler) finalizeFailed(ctx context.Context, w *v1.Widget) error {
	res, err := r.Finalizers.Finalize(ctx, w)
	if err != nil {
		w.Status.Phase = "FinalizerFailed"
		if uerr := r.Status().Update(ctx, w); uerr != nil { // want `w.Finalizers is written but w is sent only with Status\(\).Update`
			return uerr
		}
		return err
	}
	if res.Updated {
		return r.Update(ctx, w)
	}
	return nil
}
