package a

// Objects of several kinds in one collection, written in a loop.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// Flagged: the type switch copies the resourceVersion for ConfigMaps
// only, and the Widget is sent without one.
func (r *Reconciler) someKindsOnly(ctx context.Context, owner *v1.Widget) error {
	objs := []client.Object{
		&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: owner.Name, Namespace: owner.Namespace}},
		&v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace}},
	}
	for _, obj := range objs {
		existing := obj.DeepCopyObject().(client.Object)
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), existing); err != nil {
			return err
		}
		switch o := obj.(type) {
		case *corev1.ConfigMap:
			o.ResourceVersion = existing.GetResourceVersion()
		}
		if err := r.Update(ctx, obj); err != nil { // want `obj \(when it holds the Widget built here\) is built fresh .* because Widget is a custom resource`
			return err
		}
	}
	return nil
}

// Not flagged: every kind gets the live resourceVersion.
func (r *Reconciler) everyKind(ctx context.Context, owner *v1.Widget) error {
	objs := []client.Object{
		&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: owner.Name, Namespace: owner.Namespace}},
		&v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace}},
	}
	for _, obj := range objs {
		existing := obj.DeepCopyObject().(client.Object)
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), existing); err != nil {
			return err
		}
		obj.SetResourceVersion(existing.GetResourceVersion())
		if err := r.Update(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}
