// Package flow exercises the object flow: each Debug(x) reports what the
// analysis knows of x just before the call; DebugChanges(x) its changes.
package flow

import (
	"context"
	"encoding/json"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func Debug(...any)        {}
func DebugChanges(...any) {}
func DebugAlias(x, y any) {}

type R struct{ client.Client }

func literals(ctx context.Context, r *R, key client.ObjectKey) {
	cm := &corev1.ConfigMap{}
	Debug(cm) // want `cm=Alloc\[\]`
	_ = r.Get(ctx, key, cm)
	Debug(cm) // want `cm=Alloc\[Filled\|MaybeDeleting\]`
	var pod corev1.Pod
	Debug(&pod) // want `&pod=Alloc\[\]`
	p := new(corev1.Pod)
	Debug(p) // want `p=Alloc\[\]`
}

// rebinding: the variable holds what was assigned last on each path.
func rebinding(ctx context.Context, r *R, key client.ObjectKey, fresh bool) {
	cm := &corev1.ConfigMap{}
	_ = r.Get(ctx, key, cm)
	cm = desired()
	Debug(cm) // want `cm=Fresh\[\]`
	if fresh {
		cm = &corev1.ConfigMap{}
	} else {
		_ = r.Get(ctx, key, cm)
	}
	Debug(cm) // want `cm=Alloc\[\],Fresh\[Filled\|MaybeDeleting\]`
}

func desired() *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "x"}}
}

// params and copies
func params(ctx context.Context, r *R, in *corev1.Pod) {
	Debug(in) // want `in=Param\[Foreign\|MaybeDeleting\]`
	cp := in.DeepCopy()
	Debug(cp) // want `cp=Copy\[Foreign\|MaybeDeleting\]`
	if !in.DeletionTimestamp.IsZero() {
		Debug(in) // want `in=Param\[Foreign\|Deleting\]`
		return
	}
	Debug(in) // want `in=Param\[Foreign\]`
}

// changes, helpers and sends
func changed(ctx context.Context, r *R, key client.ObjectKey) {
	pod := &corev1.Pod{}
	_ = r.Get(ctx, key, pod)
	pod.Status.Phase = "Running"
	controllerutil.AddFinalizer(pod, "example.com/f")
	setReady(pod)
	DebugChanges(pod) // want `pod=Alloc\{Finalizers\(controllerutil.AddFinalizer\),Status.Message\(setReady\),Status.Phase\(the assignment to pod.Status.Phase\)\}`
	_ = r.Status().Update(ctx, pod)
	Debug(pod) // want `pod=Alloc\[Filled\|SentStatus\|MaybeDeleting\]`
}

func setReady(p *corev1.Pod) { p.Status.Message = "ready" }

// wrappers: a method of the package that forwards to a client write.
type wrap struct{ c client.Client }

func (w *wrap) Save(obj client.Object) error { return w.c.Update(context.TODO(), obj) }

func wrapped(w *wrap) {
	cm := &corev1.ConfigMap{}
	_ = w.Save(cm)
	Debug(cm) // want `cm=Alloc\[Filled\|SentMain\]`
}

// decoded objects and collections
func decoded(data []byte) {
	cm := &corev1.ConfigMap{}
	_ = json.Unmarshal(data, cm)
	Debug(cm) // want `cm=Alloc\[Decoded\]`
	var objs []*corev1.ConfigMap
	objs = append(objs, desired())
	objs = append(objs, &corev1.ConfigMap{})
	for _, o := range objs {
		Debug(o) // want `o=Alloc\[\],Fresh\[\]`
	}
	m := map[string]*corev1.ConfigMap{}
	m["a"] = desired()
	for _, o := range m {
		Debug(o) // want `o=Fresh\[\]`
	}
}

// lists: elements of a list read from the server
func lists(ctx context.Context, r *R) {
	list := &corev1.PodList{}
	_ = r.List(ctx, list)
	for i := range list.Items {
		p := &list.Items[i]
		Debug(p) // want `p=Load\[Foreign\|Filled\|MaybeDeleting\]`
	}
	for _, item := range list.Items {
		Debug(&item) // want `&item=Copy\[Foreign\|Filled\|MaybeDeleting\]`
	}
}

// patches and accessors
type holder struct{ obj *corev1.Pod }

func (h *holder) Obj() *corev1.Pod { return h.obj }

func patches(ctx context.Context, r *R, h *holder) {
	base := h.Obj()
	patch := client.MergeFrom(base)
	h.Obj().Labels = map[string]string{"a": "b"}
	Debug(patch, base, h.Obj())     // want `patch=Patch\[BaseChanged\] base=Load\[Foreign\|MaybeDeleting\] \?=Load\[Foreign\|MaybeDeleting\]`
	DebugAlias(base, h.Obj())       // want `alias`
	DebugAlias(base, &corev1.Pod{}) // want `distinct`
}

// closures capture: a literal that runs beside the function may run
// whenever it likes
func closures(ctx context.Context, r *R) {
	cm := &corev1.ConfigMap{}
	f := func() { _ = r.Get(ctx, client.ObjectKey{}, cm) }
	Debug(cm) // want `cm=Alloc\[Captured\]`
	go f()
}

// A literal held in a variable that is only called runs where it is
// called; one handed to a retry runs there, at least once; one handed to
// meta.EachListItem may not run at all.
func localClosures(ctx context.Context, r *R, list *corev1.ConfigMapList) {
	cm := &corev1.ConfigMap{}
	f := func() { _ = r.Get(ctx, client.ObjectKey{}, cm) }
	Debug(cm) // want `cm=Alloc\[\]`
	f()
	Debug(cm) // want `cm=Alloc\[Filled\|MaybeDeleting\]`
	cm2 := &corev1.ConfigMap{}
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Get(ctx, client.ObjectKey{}, cm2)
	})
	Debug(cm2) // want `cm2=Alloc\[Filled\|MaybeDeleting\]`
	cm3 := &corev1.ConfigMap{}
	each := func(o runtime.Object) error {
		cm3.Labels = map[string]string{"seen": "yes"}
		return nil
	}
	_ = meta.EachListItem(list, each)
	DebugChanges(cm3) // want `cm3=Alloc\{Labels\(the assignment to cm3.Labels\)\}`
	cm4 := &corev1.ConfigMap{}
	func() { _ = r.Get(ctx, client.ObjectKey{}, cm4) }()
	Debug(cm4) // want `cm4=Alloc\[Filled\|MaybeDeleting\]`
	cm5 := &corev1.ConfigMap{}
	var h = func() { _ = r.Get(ctx, client.ObjectKey{}, cm5) }
	h()
	Debug(cm5) // want `cm5=Alloc\[Filled\|MaybeDeleting\]`
	g := func() { _ = r.Get(ctx, client.ObjectKey{}, cm) }
	register(g)
	Debug(cm) // want `cm=Alloc\[Filled\|Captured\|MaybeDeleting\]`
}

func register(func()) {}

// escapes
var sink *corev1.ConfigMap

func escapes() {
	cm := &corev1.ConfigMap{}
	sink = cm
	Debug(cm) // want `cm=Alloc\[Escaped\]`
}
