// Package kube holds runtime.SetFinalizer and runtime.AddCleanup calls on
// Kubernetes API objects and in reconcilers.
package kube

import (
	"context"
	"os"
	"runtime"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Widget is a CRD type.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}

type WidgetSpec struct{ Size int }

// Pod is an alias of the core type.
type Pod = corev1.Pod

// Spec is a plain value: not an API object.
type Session struct{ fd int }

func release(*Session) {}

func closeFD(int) {}

// Case 1: API objects.

func onObjects(ctx context.Context, obj client.Object, mo metav1.Object) {
	pod := &corev1.Pod{}
	runtime.SetFinalizer(pod, func(*corev1.Pod) {}) // want `setfinalizer: runtime.SetFinalizer on Kubernetes object \*corev1.Pod runs when the Go value is garbage collected, not when the object is deleted from the cluster; add a finalizer to metadata.finalizers with controllerutil.AddFinalizer and remove it with controllerutil.RemoveFinalizer after cleanup`
	w := new(Widget)
	runtime.SetFinalizer(w, func(*Widget) {})                        // want `runtime.SetFinalizer on Kubernetes object \*Widget runs when the Go value is garbage collected`
	runtime.SetFinalizer(obj, func(client.Object) {})                // want `on Kubernetes object client.Object`
	runtime.SetFinalizer(mo, func(metav1.Object) {})                 // want `on Kubernetes object metav1.Object`
	runtime.SetFinalizer(&Pod{}, func(*Pod) {})                      // want `on Kubernetes object \*Pod`
	runtime.AddCleanup(w, func(name string) {}, w.Name)              // want `runtime.AddCleanup on Kubernetes object \*Widget`
	runtime.SetFinalizer(&w.Spec, func(*WidgetSpec) {})              // a tiny pointer-free field may be interior
	runtime.SetFinalizer(&w.ObjectMeta, func(*metav1.ObjectMeta) {}) // want `on Kubernetes object \*metav1.ObjectMeta` `&w.ObjectMeta is not the start of an allocation`

	s := &Session{fd: 1}
	runtime.SetFinalizer(s, release) // a plain value
	runtime.AddCleanup(s, closeFD, s.fd)
	f, _ := os.Open("x")
	runtime.SetFinalizer(f, func(*os.File) {}) // near-miss: *os.File has no metadata
}

// Case 2: inside Reconcile.

type WidgetReconciler struct {
	client.Client
	sessions map[string]*Session
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Session{fd: 2}
	runtime.SetFinalizer(s, release) // want `setfinalizer: runtime.SetFinalizer in Reconcile ties cleanup to the garbage collection of a Go value, not to the reconcile or to the object's lifecycle; release resources explicitly \(defer Close\) and use metadata.finalizers \(controllerutil.AddFinalizer/RemoveFinalizer\) for cleanup on deletion`
	go func() {
		runtime.AddCleanup(s, closeFD, 3) // want `runtime.AddCleanup in Reconcile ties cleanup`
	}()
	var w Widget
	runtime.SetFinalizer(&w, func(*Widget) {}) // want `on Kubernetes object \*Widget`
	runtime.SetFinalizer(&w, nil)              // clearing is harmless
	runtime.SetFinalizer(s, nil)
	return ctrl.Result{}, nil
}

type PlainReconciler struct{}

func (r PlainReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	runtime.SetFinalizer(&Session{}, release) // want `runtime.SetFinalizer in Reconcile`
	return reconcile.Result{}, nil
}

// Near-misses: not a reconcile method.

type Other struct{}

func (Other) Reconcile(s string) error {
	runtime.SetFinalizer(&Session{}, release)
	return nil
}

func Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	runtime.SetFinalizer(&Session{}, release) // a function, not a method
	return ctrl.Result{}, nil
}

func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	runtime.SetFinalizer(&Session{}, release)
	return nil
}

// Suppressed with a reason.

func suppressed() {
	p := &corev1.Pod{}
	//opvet:ignore setfinalizer the pod is a cache key, its finalizer only frees a buffer
	runtime.SetFinalizer(p, func(*corev1.Pod) {})
}
