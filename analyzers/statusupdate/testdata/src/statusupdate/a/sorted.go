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

// sortedConditionsUpdate reorders the status conditions and sends them
// with Update, which drops the new order: an order, not a value, and code
// that sorts a list treats its order as meaningless. Quiet.
func (r *Reconciler) sortedConditionsUpdate(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	slices.SortFunc(w.Status.Conditions, func(a, b metav1.Condition) int { return strings.Compare(a.Type, b.Type) })
	return r.Update(ctx, w)
}

// trimmedConditionsUpdate drops conditions (slices.DeleteFunc) and sends
// the object with Update, which keeps them on the server.
func (r *Reconciler) trimmedConditionsUpdate(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Conditions = slices.DeleteFunc(w.Status.Conditions, func(c metav1.Condition) bool { return c.Type == "Stale" })
	return r.Update(ctx, w) // want `w.Status.Conditions is written but w is sent only with Update`
}

// listInOrder sorts a list of the object to compare it (humio-operator's
// parserAlreadyAsExpected) and writes the status: the sort is not sent,
// which loses nothing. Quiet.
func (r *Reconciler) listInOrder(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	if !finalizersInOrder(w, []string{"a", "b"}) {
		w.Status.Phase = "Drifted"
	}
	return r.Status().Update(ctx, w)
}

func finalizersInOrder(w *v1.Widget, want []string) bool {
	sort.Strings(w.Finalizers)
	return slices.Equal(w.Finalizers, want)
}

// listTrimmed removes finalizers in a helper and writes the status: the
// removal is dropped.
func (r *Reconciler) listTrimmed(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	trimFinalizers(w)
	w.Status.Phase = "Trimmed"
	return r.Status().Update(ctx, w) // want `w.Finalizers is written but w is sent only with Status\(\).Update`
}

func trimFinalizers(w *v1.Widget) {
	w.Finalizers = slices.DeleteFunc(w.Finalizers, func(t string) bool { return t == "" })
}
