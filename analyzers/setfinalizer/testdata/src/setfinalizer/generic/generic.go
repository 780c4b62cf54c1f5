// Package generic holds runtime.SetFinalizer calls in generic code.
package generic

import (
	"context"
	"runtime"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Box[T any] struct {
	head [3]int64
	val  T
}

func track[T any](p *T) {
	runtime.SetFinalizer(p, func(*T) {})
	runtime.SetFinalizer(p, func(any) {})
	runtime.SetFinalizer(p, func(T) {}) // depends on T: not reported
}

func trackBox[T any](b *Box[T]) {
	runtime.SetFinalizer(b, func(*Box[T]) {})
	runtime.SetFinalizer(&b.val, func(*T) {})             // layout depends on T: not reported
	runtime.SetFinalizer(b, func(*Box[T]) { _ = b.head }) // want `the finalizer refers to b.head`
}

func (b *Box[T]) Final() {}

func newBox[T any]() *Box[T] {
	b := &Box[T]{}
	runtime.SetFinalizer(b, (*Box[T]).Final) // method expression of a generic type
	return b
}

func boxes() {
	b := &Box[string]{}
	runtime.SetFinalizer(b, func(*Box[string]) {})
	runtime.SetFinalizer(b, func(*Box[int]) {})             // want `cannot pass \*Box\[string\] to the finalizer func\(\*Box\[int\]\)`
	runtime.SetFinalizer(&b.val, func(*string) {})          // want `&b.val is not the start of an allocation`
	runtime.SetFinalizer(b, func(x *Box[string]) { _ = x }) // the parameter
}

func onObject[O client.Object](obj O) {
	runtime.SetFinalizer(obj, func(O) {}) // want `on Kubernetes object O`
}

func onMeta[M interface {
	*metav1.ObjectMeta
	metav1.Object
}](m M) {
	runtime.SetFinalizer(m, func(M) {}) // want `on Kubernetes object M`
}

func anything[T any](v T) {
	runtime.SetFinalizer(v, nil) // the dynamic type decides
}

type Session struct{ fd int }

// A generic reconciler.
type Reconciler[O client.Object] struct{ c client.Client }

func (r *Reconciler[O]) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	runtime.SetFinalizer(&Session{}, func(*Session) {}) // want `runtime.SetFinalizer in Reconcile`
	return reconcile.Result{}, nil
}

// A typed reconciler with its own request type.
type Key struct{ Name string }

type KeyReconciler struct{}

func (KeyReconciler) Reconcile(ctx context.Context, key Key) (reconcile.Result, error) {
	runtime.SetFinalizer(&Session{}, func(*Session) {}) // want `runtime.SetFinalizer in Reconcile`
	return reconcile.Result{}, nil
}
