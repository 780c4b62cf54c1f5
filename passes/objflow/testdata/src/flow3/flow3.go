// Package flow3 probes what the object flow knows of objects read from
// shared caches: listers, stores and indexers (their interface{} items
// through type assertions), and controller-runtime reads with
// UnsafeDisableDeepCopy (shallow copies of the cache's objects).
package flow3

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func Debug(...any)    {}
func DebugHow(...any) {}

type C struct {
	pods    corelisters.PodLister
	nodes   corelisters.NodeLister
	indexer cache.Indexer
	generic cache.GenericLister
	client  client.Client
}

func (c *C) lister(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	Debug(pod) // want `pod=Unknown\[Foreign\|Filled\|MaybeDeleting\|Cached\]`
	cp := pod.DeepCopy()
	Debug(cp) // want `cp=Copy\[Foreign\|Filled\|MaybeDeleting\]`
	shallow := *pod
	Debug(&shallow) // want `&shallow=Copy\[Foreign\|Filled\|MaybeDeleting\|SharesCache\]`
	nodes, _ := c.nodes.List(labels.Everything())
	for _, n := range nodes {
		Debug(n) // want `n=Unknown\[Foreign\|Filled\|MaybeDeleting\|Cached\]`
	}
	Debug(nodes[0]) // want `\?=Load\[Foreign\|Filled\|MaybeDeleting\|Cached\]`
}

func (c *C) items(key string) {
	obj, exists, _ := c.indexer.GetByKey(key)
	if !exists {
		return
	}
	pod := obj.(*corev1.Pod)
	Debug(pod) // want `pod=Unknown\[Foreign\|Filled\|MaybeDeleting\|Cached\]`
	if p, ok := obj.(*corev1.Pod); ok {
		Debug(p) // want `p=Unknown\[Foreign\|Filled\|MaybeDeleting\|Cached\]`
	}
	switch o := obj.(type) {
	case *corev1.Pod:
		Debug(o) // want `o=Unknown\[Foreign\|Filled\|MaybeDeleting\|Cached\]`
	}
	items, _ := c.indexer.ByIndex("byNode", key)
	for _, item := range items {
		Debug(item.(*corev1.Pod)) // want `\?=Unknown\[Foreign\|Filled\|MaybeDeleting\|Cached\]`
	}
	for _, item := range c.indexer.List() {
		Debug(item.(*corev1.Pod)) // want `\?=Unknown\[Foreign\|Filled\|MaybeDeleting\|Cached\]`
	}
	ro, _ := c.generic.ByNamespace("ns").Get(key)
	Debug(ro) // want `ro=Unknown\[Foreign\|Filled\|MaybeDeleting\|Cached\]`
}

func (c *C) unsafe(ctx context.Context, key client.ObjectKey) {
	pod := &corev1.Pod{}
	_ = c.client.Get(ctx, key, pod, client.UnsafeDisableDeepCopy)
	Debug(pod) // want `pod=Alloc\[Filled\|MaybeDeleting\|SharesCache\]`
	safe := &corev1.Pod{}
	_ = c.client.Get(ctx, key, safe)
	Debug(safe) // want `safe=Alloc\[Filled\|MaybeDeleting\]`
	var list corev1.PodList
	_ = c.client.List(ctx, &list, client.UnsafeDisableDeepCopy)
	for _, item := range list.Items {
		Debug(&item) // want `&item=Copy\[Foreign\|Filled\|MaybeDeleting\|SharesCache\]`
	}
}

func (c *C) how(pod *corev1.Pod, items []corev1.Pod, svc *corev1.Service) {
	pod.Labels["a"] = "b"
	pod.Status.Phase = "Running"
	pod.Spec.Containers[0].Image = "x"
	pod.Finalizers = append(pod.Finalizers, "f")
	delete(pod.Annotations, "a")
	controllerutil.AddFinalizer(pod, "g")
	controllerutil.RemoveFinalizer(pod, "g")
	pod.SetLabels(nil)
	opaque(&pod.Spec)
	DebugHow(pod) // want `pod=Param\{Annotations\(indirect\),Finalizers\(\),Finalizers\(\),Finalizers\(indirect\),Labels\(\),Labels\(indirect\),Spec\(presumed,indirect\),Spec.Containers.Image\(indirect\),Status.Phase\(\)\}`
	items[0].Labels["a"] = "b"
	DebugHow(&items[0]) // want `&\?=Load\{Labels\(indirect\)\}`
	meta.SetStatusCondition(&svc.Status.Conditions, metav1.Condition{Type: "Ready"})
	meta.RemoveStatusCondition(&svc.Status.Conditions, "Old")
	DebugHow(svc) // want `svc=Param\{Status.Conditions\(\),Status.Conditions\(indirect\)\}`
}

func opaque(*corev1.PodSpec) {}

// get returns the lister's object: its callers get a cached object.
func (c *C) get(name string) (*corev1.Pod, error) {
	return c.pods.Pods("ns").Get(name)
}

func (c *C) viaHelper() {
	p, _ := c.get("x")
	Debug(p) // want `p=Unknown\[Foreign\|MaybeDeleting\|Cached\]`
}

// Field aliases: a map, slice or pointer taken from a field or a getter
// is the object's; a write through it changes the object.
func (c *C) aliases(pod *corev1.Pod, obj client.Object, svc *corev1.Service) {
	labels := pod.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels["a"] = "b"
	st := &pod.Status
	st.Phase = "Running"
	DebugHow(pod) // want `pod=Param\{Labels\(indirect\),Status\(\)\}`
	ann := obj.GetAnnotations()
	ann["a"] = "b"
	DebugHow(obj) // want `obj=Param\{Annotations\(indirect\)\}`
	conds := svc.Status.Conditions
	conds[0].Status = metav1.ConditionTrue
	DebugHow(svc) // want `svc=Param\{Status.Conditions\(indirect\)\}`
	spec := &pod.Spec
	spec.Containers[0].Image = "x"
	DebugHow(pod) // want `pod=Param\{Labels\(indirect\),Spec\(indirect\),Status\(\)\}`
}

// Not aliases: re-bound unconditionally, address taken, defined from a
// call result, or the variable itself re-bound (append).
func (c *C) notAliases(pod *corev1.Pod, svc *corev1.Service) {
	labels := pod.Labels
	labels = map[string]string{"x": labels["x"]}
	labels["a"] = "b"
	ann := pod.Annotations
	keep(&ann)
	ann["a"] = "b"
	fins := pod.GetFinalizers()
	fins = append(fins, "f")
	sel := labelsOf(svc)
	sel["a"] = "b"
	DebugHow(pod, svc) // want `pod=Param\{\} svc=Param\{\}`
	_ = fins
}

func keep(*map[string]string) {}

func labelsOf(svc *corev1.Service) map[string]string { return map[string]string{"app": svc.Name} }
