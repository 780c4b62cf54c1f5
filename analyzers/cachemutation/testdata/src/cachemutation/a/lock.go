package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "cachemutation/api/v1"
	"cachemutation/grouping"
)

// lockListed: a function of another package of the module writes the
// annotations map of a shallow copy of a cached object.
func (r *Reconciler) lockListed(ctx context.Context) error {
	var list v1.WidgetList
	if err := r.List(ctx, &list, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	for i := range list.Items {
		w := &list.Items[i]
		if grouping.Owner(w) != "" {
			continue
		}
		grouping.Lock(w, "me") // want `grouping.Lock changes the Annotations of w, which is a shallow copy of a cached object \(the List with client.UnsafeDisableDeepCopy at line 16\)`
	}
	return nil
}

// lockCopies: the same on deep copies, on a map of the function's own,
// and read only: quiet.
func (r *Reconciler) lockCopies(ctx context.Context) error {
	var list v1.WidgetList
	if err := r.List(ctx, &list, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	for i := range list.Items {
		w := list.Items[i].DeepCopy()
		grouping.Lock(w, "me")
	}
	for i := range list.Items {
		grouping.LockFresh(&list.Items[i], "me")
		_ = grouping.Owner(&list.Items[i])
	}
	return nil
}

// labelThroughGetter: the map a getter returns, kept in a variable, is the
// object's.
func (r *Reconciler) labelThroughGetter(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, key, w, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	labels := w.GetLabels()
	labels["example.com/seen"] = "true" // want `the assignment to labels\["example.com/seen"\] changes w, which is a shallow copy of a cached object`
	return nil
}

// labelReplaced: the variable is re-bound to a map of its own before the
// write: quiet.
func (r *Reconciler) labelReplaced(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, key, w, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	labels := w.GetLabels()
	labels = map[string]string{"example.com/seen": labels["example.com/seen"]}
	labels["example.com/seen"] = "true"
	w.SetLabels(labels)
	return nil
}

// statusThroughPointer: a pointer to the struct copy's own Status writes
// the copy's memory, not the cache's: quiet.
func (r *Reconciler) statusThroughPointer(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, key, w, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	st := &w.Status
	st.Phase = "Ready"
	return nil
}
