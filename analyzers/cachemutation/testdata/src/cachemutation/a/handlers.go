package a

// Informer event handlers receive the objects of the informer's cache.

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/cache"
)

type PodWatcher struct {
	informer cache.SharedIndexInformer
}

func (w *PodWatcher) register() {
	w.informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			pod := obj.(*corev1.Pod)
			pod.Labels["seen"] = "true" // want `the assignment to pod.Labels\["seen"\] changes pod, which comes from the shared informer cache`
		},
		UpdateFunc: w.onUpdate,
		DeleteFunc: func(obj interface{}) {
			pod, ok := obj.(*corev1.Pod)
			if !ok {
				return
			}
			w.forget(pod.DeepCopy())
		},
	})
}

// onUpdate hands the new object to a method that changes it.
func (w *PodWatcher) onUpdate(oldObj, newObj interface{}) {
	pod := newObj.(*corev1.Pod)
	w.mark(pod) // want `w.mark changes the Annotations of pod, which comes from the shared informer cache`
}

func (w *PodWatcher) mark(pod *corev1.Pod) {
	pod.Annotations["example.com/updated"] = "true"
}

// forget changes its own copy.
func (w *PodWatcher) forget(pod *corev1.Pod) {
	pod.Labels = nil
}

// NodeHandler implements cache.ResourceEventHandler.
type NodeHandler struct{}

func (NodeHandler) OnAdd(obj interface{}, isInInitialList bool) {
	node := obj.(*corev1.Node)
	node.Spec.Unschedulable = true // want `the assignment to node.Spec.Unschedulable changes node, which comes from the shared informer cache`
}

func (NodeHandler) OnUpdate(oldObj, newObj interface{}) {
	node := newObj.(*corev1.Node).DeepCopy()
	node.Spec.Unschedulable = true
}

func (NodeHandler) OnDelete(obj interface{}) {}

// OnAdd of a type that is no event handler: its argument is its caller's.
type queue struct{}

func (queue) OnAdd(obj interface{}, isInInitialList bool) {
	node := obj.(*corev1.Node)
	node.Spec.Unschedulable = true
}
