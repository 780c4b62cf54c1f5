package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	v1 "cachemutation/api/v1"
)

type Reconciler struct {
	client.Client
}

// unsafeGet: Get with UnsafeDisableDeepCopy copies the cached struct
// into w, so its maps and slices are the cache's (odigos).
func (r *Reconciler) unsafeGet(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, key, w, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	// The struct is w's own: its fields may be set.
	w.Status.Phase = "Ready"
	w.Labels["example.com/ready"] = "true" // want `the assignment to w.Labels\["example.com/ready"\] changes w, which is a shallow copy of a cached object \(the Get with client.UnsafeDisableDeepCopy at line 20\) whose maps and slices are the cache's, so every other reader`
	return r.Update(ctx, w)
}

// unsafeList: the Items are shallow copies of the cached objects.
func (r *Reconciler) unsafeList(ctx context.Context) {
	var list v1.WidgetList
	_ = r.List(ctx, &list, client.InNamespace("ns"), client.UnsafeDisableDeepCopyOption(true))
	for _, item := range list.Items {
		item.Status.Phase = "Pending"
		item.Spec.Selector["a"] = "b" // want `the assignment to item.Spec.Selector\["a"\] changes item, which is a shallow copy of a cached object \(the List with client.UnsafeDisableDeepCopy at line 32\).*; change a deep copy instead \(item.DeepCopy\(\)\)`
	}
}

// unsafeRemoveFinalizer: RemoveFinalizer shifts the finalizers in place,
// in the cache's slice.
func (r *Reconciler) unsafeRemoveFinalizer(ctx context.Context) {
	var list v1.WidgetList
	_ = r.List(ctx, &list, client.UnsafeDisableDeepCopy)
	for i := range list.Items {
		controllerutil.RemoveFinalizer(&list.Items[i], "example.com/cleanup") // want `controllerutil.RemoveFinalizer changes the Finalizers of list.Items\[i\], which is a shallow copy`
	}
}

// unsafeOption keeps the option in a variable.
func (r *Reconciler) unsafeOption(ctx context.Context, key client.ObjectKey) {
	var opt client.GetOption = client.UnsafeDisableDeepCopy
	_ = opt
	w := &v1.Widget{}
	_ = r.Get(ctx, key, w, client.UnsafeDisableDeepCopyOption(true))
	*w.Spec.Replicas = 3 // want `the assignment to \*w.Spec.Replicas changes w, which is a shallow copy`
}

// unsafeNilGuard: a map made only where there was none leaves the
// cache's map written where there was one.
func (r *Reconciler) unsafeNilGuard(ctx context.Context) {
	var list v1.WidgetList
	_ = r.List(ctx, &list, client.UnsafeDisableDeepCopy)
	for i := range list.Items {
		w := &list.Items[i]
		if w.Labels == nil {
			w.Labels = map[string]string{}
		}
		w.Labels["example.com/widget"] = w.Name // want `the assignment to w.Labels\["example.com/widget"\] changes w, which is a shallow copy`
	}
}

// Good: writes to the struct of the copy, to maps of its own, to a deep
// copy.

func (r *Reconciler) unsafeOwnFields(ctx context.Context, key client.ObjectKey) {
	w := &v1.Widget{}
	_ = r.Get(ctx, key, w, client.UnsafeDisableDeepCopy)
	w.Status.Phase = "Ready"
	w.Spec.Replicas = nil
	controllerutil.AddFinalizer(w, "example.com/cleanup") // appends: the cache's slice keeps its length
	labels := make(map[string]string, len(w.Labels))
	for k, v := range w.Labels {
		labels[k] = v
	}
	w.Labels = labels
	w.Labels["example.com/ready"] = "true" // a map of its own
}

func (r *Reconciler) unsafeCopied(ctx context.Context) {
	var list v1.WidgetList
	_ = r.List(ctx, &list, client.UnsafeDisableDeepCopy)
	for _, item := range list.Items {
		w := item.DeepCopy()
		w.Spec.Selector["a"] = "b"
		meta := w.ObjectMeta
		_ = meta
	}
}
