// Package narrowed passes objects to the client methods whose
// runtime.Object parameter controller-runtime v0.7 narrowed to
// client.Object or client.ObjectList (and MergeFrom, v0.9): typed API
// objects and the operator's own kinds, which embed metav1.ObjectMeta or
// metav1.ListMeta, still compile; values of interface types that lack the
// object metadata do not.
package narrowed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Widget is the operator's own kind: it embeds TypeMeta and ObjectMeta.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (w *Widget) DeepCopyObject() runtime.Object { c := *w; return &c }

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// DeepCopyObject implements runtime.Object.
func (l *WidgetList) DeepCopyObject() runtime.Object { c := *l; return &c }

// Bare implements runtime.Object by its own methods, without object
// metadata: it does not implement client.Object.
type Bare struct{}

// GetObjectKind implements runtime.Object.
func (*Bare) GetObjectKind() schema.ObjectKind { return nil }

// DeepCopyObject implements runtime.Object.
func (b *Bare) DeepCopyObject() runtime.Object { return b }

// Reconciler reads and writes typed objects.
type Reconciler struct {
	client.Client
}

// Typed passes typed API objects and the operator's kinds: quiet.
func (r *Reconciler) Typed(ctx context.Context, key types.NamespacedName) error {
	var pod corev1.Pod
	if err := r.Get(ctx, key, &pod); err != nil {
		return err
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(key.Namespace)); err != nil {
		return err
	}
	w := &Widget{}
	if err := r.Client.Get(ctx, key, w); err != nil {
		return err
	}
	var widgets WidgetList
	if err := r.List(ctx, &widgets); err != nil {
		return err
	}
	patch := client.MergeFrom(pod.DeepCopy())
	if err := r.Patch(ctx, &pod, patch); err != nil {
		return err
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	if err := r.Status().Patch(ctx, &pod, patch); err != nil {
		return err
	}
	if err := r.Create(ctx, &corev1.ConfigMap{}); err != nil {
		return err
	}
	controllerutil.AddFinalizer(w, "example.com/finalizer")
	if controllerutil.ContainsFinalizer(&pod, "example.com/finalizer") {
		controllerutil.RemoveFinalizer(&pod, "example.com/finalizer")
	}
	return r.Delete(ctx, w)
}

// Untyped passes values of runtime.Object and metav1.Object, which are
// not client.Objects: the calls do not compile at the target.
func (r *Reconciler) Untyped(ctx context.Context, key types.NamespacedName, obj runtime.Object, meta metav1.Object, list runtime.Object) error {
	if err := r.Get(ctx, key, obj); err != nil { // want `client.Reader.Get changed its signature in controller-runtime v0.7`
		return err
	}
	if err := r.List(ctx, list); err != nil { // want `client.Reader.List changed its signature in controller-runtime v0.7`
		return err
	}
	if err := r.Get(ctx, key, &Bare{}); err != nil { // want `client.Reader.Get changed its signature in controller-runtime v0.7`
		return err
	}
	_ = client.MergeFrom(obj)                   // want `client.MergeFrom changed its signature in controller-runtime v0.9`
	return r.Delete(ctx, meta.(runtime.Object)) // want `client.Writer.Delete changed its signature in controller-runtime v0.7`
}

// Object is the operator's own interface of a kind, made of the
// library's interfaces.
type Object interface {
	metav1.Object
	runtime.Object
}

// Finalized passes a value of that interface, which implements
// client.Object: quiet.
func Finalized(o Object) bool {
	return controllerutil.ContainsFinalizer(o, "example.com/finalizer")
}

// Wrong passes a list where an object is expected at the target: a
// PodList is a runtime.Object but not a client.Object.
func (r *Reconciler) Wrong(ctx context.Context) error {
	return r.Create(ctx, &corev1.PodList{}) // want `client.Writer.Create changed its signature in controller-runtime v0.7`
}

// Setup hands typed objects to the builder: quiet.
func (r *Reconciler) Setup(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Owns(&corev1.Pod{}).Complete(nil)
}
