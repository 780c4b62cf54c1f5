// Package a holds the cases of cachemutation. The bad cases follow the
// shapes of public fixes: kubesphere/kubesphere#4599 (annotations set on
// lister objects, "fatal error: concurrent map writes"),
// tektoncd/pipeline#2734 (status written on a lister's PipelineRun),
// kubernetes-retired/service-catalog#1887 (a helper that sets the
// observed generation of the informer's object),
// operator-framework/operator-lifecycle-manager#2562 (an OperatorGroup
// from the lister changed by its caller) and odigos-io/odigos#4653 (an
// object read with UnsafeDisableDeepCopy changed and updated).
package a

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	v1 "cachemutation/api/v1"
	widgetlisters "cachemutation/listers/v1"
)

type Controller struct {
	kube      kubernetes.Interface
	client    client.Client
	pods      corelisters.PodLister
	nodes     corelisters.NodeLister
	configMap corelisters.ConfigMapLister
	widgets   widgetlisters.WidgetLister
}

// annotate sets an annotation on the lister's own Pod (kubesphere).
func (c *Controller) annotate(ctx context.Context, ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	if pod.Annotations == nil {
		pod.Annotations = map[string]string{} // want `the assignment to pod.Annotations changes pod, which the PodNamespaceLister Get at line 40 returned from the shared informer cache, so every other reader of the cache sees the change and concurrent writes of its maps \(the assignment to pod.Annotations\["example.com/seen"\] at line 47\) crash the process with "fatal error: concurrent map writes", which recover cannot catch; copy it before changing it: pod = pod.DeepCopy\(\)`
	}
	pod.Annotations["example.com/seen"] = "true" // want `the assignment to pod.Annotations\["example.com/seen"\] changes pod`
	_, err = c.kube.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}

// status writes the status of the lister's Widget (tekton).
func (c *Controller) status(ns, name string) error {
	w, err := c.widgets.Widgets(ns).Get(name)
	if err != nil {
		return err
	}
	w.Status.Phase = "Running" // want `the assignment to w.Status.Phase changes w, which the WidgetNamespaceLister Get at line 54 returned from the shared informer cache`
	return nil
}

// condition sets a condition on the lister's Widget.
func (c *Controller) condition(ns, name string) {
	w, _ := c.widgets.Widgets(ns).Get(name)
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}) // want `meta.SetStatusCondition changes the Status.Conditions of w, which the WidgetNamespaceLister Get`
}

// finalize adds a finalizer to every listed Widget.
func (c *Controller) finalize() {
	widgets, _ := c.widgets.List(labels.Everything())
	for _, w := range widgets {
		controllerutil.AddFinalizer(w, "example.com/cleanup") // want `controllerutil.AddFinalizer changes the Finalizers of w, which the WidgetLister List at line 70 returned from the shared informer cache`
	}
}

// relabel changes the labels of listed Nodes, by index and by setter.
func (c *Controller) relabel() {
	nodes, _ := c.nodes.List(labels.Everything())
	for i := range nodes {
		nodes[i].Labels["example.com/pool"] = "a" // want `the assignment to nodes\[i\].Labels\["example.com/pool"\] changes nodes\[i\], which the NodeLister List at line 78`
	}
	node, _ := c.nodes.Get("n1")
	node.SetLabels(map[string]string{"a": "b"}) // want `node.SetLabels changes the Labels of node, which the NodeLister Get at line 82`
	cm, _ := c.configMap.ConfigMaps("ns").Get("c")
	delete(cm.Data, "stale") // want `delete\(cm.Data, "stale"\) changes the Data of cm, which the ConfigMapNamespaceLister Get at line 84 .*"fatal error: concurrent map writes"`
}

// images rewrites container images of the lister's Pods (tilt).
func (c *Controller) images() {
	pods, _ := c.pods.List(labels.Everything())
	for _, pod := range pods {
		pod.Spec.Containers[0].Image = "registry.example.com/" + pod.Spec.Containers[0].Image // want `the assignment to pod.Spec.Containers\[0\].Image changes pod, which .*, so every other reader of the cache sees the change \(a data race with those readers\)`
	}
}

// metaHelpers sets a label with the metav1 helper.
func (c *Controller) metaHelpers() {
	pod, _ := c.pods.Pods("ns").Get("p")
	metav1.SetMetaDataLabel(&pod.ObjectMeta, "a", "b") // want `metav1.SetMetaDataLabel changes the ObjectMeta of pod`
}

// onceAFunction: one report per cached object and function, at its first
// change (one copy fixes them all).
func (c *Controller) onceAFunction() {
	pod, _ := c.pods.Pods("ns").Get("p")
	pod.Labels["a"] = "b" // want `the assignment to pod.Labels\["a"\] changes pod`
	pod.Labels["c"] = "d"
	pod.Status.Message = "m"
}

// Good: copy first, read only, fresh reads.

func (c *Controller) copyFirst(ctx context.Context, ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod = pod.DeepCopy()
	if pod.Annotations == nil {
		pod.Annotations = map[string]string{}
	}
	pod.Annotations["example.com/seen"] = "true"
	_, err = c.kube.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}

func (c *Controller) copyToNewVariable(ns, name string) *v1.Widget {
	w, _ := c.widgets.Widgets(ns).Get(name)
	updated := w.DeepCopy()
	updated.Spec.Selector["a"] = "b"
	meta.SetStatusCondition(&updated.Status.Conditions, metav1.Condition{Type: "Ready"})
	controllerutil.AddFinalizer(updated, "example.com/cleanup")
	return updated
}

func (c *Controller) copyObject(ns, name string) {
	w, _ := c.widgets.Widgets(ns).Get(name)
	cp := w.DeepCopyObject().(*v1.Widget)
	cp.Labels["a"] = "b"
	var into v1.Widget
	w.DeepCopyInto(&into)
	into.Labels["a"] = "b"
	into.Status.Phase = "Running"
}

func (c *Controller) copyInLoop() {
	widgets, _ := c.widgets.List(labels.Everything())
	for _, w := range widgets {
		w = w.DeepCopy()
		w.Status.Phase = "Pending"
	}
}

func (c *Controller) readOnly(ns, name string) string {
	pod, _ := c.pods.Pods(ns).Get(name)
	if pod.Labels["a"] == "b" {
		return pod.Name
	}
	for k, v := range pod.Annotations {
		fmt.Println(k, v)
	}
	return fmt.Sprint(pod.Status.Phase, len(pod.Spec.Containers))
}

// freshReads: the typed client and the default controller-runtime client
// return objects of their own.
func (c *Controller) freshReads(ctx context.Context, key client.ObjectKey) error {
	pod, err := c.kube.CoreV1().Pods(key.Namespace).Get(ctx, key.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	pod.Labels["a"] = "b"
	var w v1.Widget
	if err := c.client.Get(ctx, key, &w); err != nil {
		return err
	}
	w.Labels["a"] = "b"
	controllerutil.AddFinalizer(&w, "example.com/cleanup")
	var list v1.WidgetList
	if err := c.client.List(ctx, &list); err != nil {
		return err
	}
	for i := range list.Items {
		list.Items[i].Labels["a"] = "b"
	}
	return nil
}

// opaque hands the object to code opvet cannot see: it may only read it.
func (c *Controller) opaque(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	hook(pod)
}

var hook = func(*corev1.Pod) {}
