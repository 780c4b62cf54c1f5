package a

import (
	"context"
	"slices"
	"sort"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// The functions of sort and slices call the function they are given
// before they return and keep nothing: sorting a field of the object
// changes that field, and hides nothing else.

func (r *Reconciler) sortedFinalizers(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	sort.Slice(w.Finalizers, func(i, j int) bool { return w.Finalizers[i] < w.Finalizers[j] })
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

func (r *Reconciler) sortedStrings(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	sort.Strings(w.Finalizers)
	if slices.Contains(w.Finalizers, "example.com/x") || slices.IndexFunc(w.Finalizers, func(f string) bool { return strings.HasPrefix(f, w.Name) }) >= 0 {
		return nil
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// sortedConditions sorts the status conditions and sends them with the
// status writer: nothing is dropped.
func (r *Reconciler) sortedConditions(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	slices.SortFunc(w.Status.Conditions, func(a, b metav1.Condition) int { return strings.Compare(a.Type, b.Type) })
	return r.Status().Update(ctx, w)
}

// sortedConditionsUpdate reorders the status conditions (a change of the
// status) and sends them with Update.
func (r *Reconciler) sortedConditionsUpdate(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	slices.SortFunc(w.Status.Conditions, func(a, b metav1.Condition) int { return strings.Compare(a.Type, b.Type) })
	return r.Update(ctx, w) // want `w.Status.Conditions is written but w is sent only with Update`
}
