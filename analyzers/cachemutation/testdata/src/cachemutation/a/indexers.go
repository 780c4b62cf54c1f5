package a

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/cache"

	v1 "cachemutation/api/v1"
)

type Informers struct {
	informer cache.SharedIndexInformer
	store    cache.Store
	generic  cache.GenericLister
}

// byKey changes the item of an indexer after its type assertion.
func (i *Informers) byKey(key string) error {
	obj, exists, err := i.informer.GetIndexer().GetByKey(key)
	if err != nil || !exists {
		return err
	}
	w := obj.(*v1.Widget)
	w.Status.ObservedGeneration = w.Generation // want `the assignment to w.Status.ObservedGeneration changes w, which the Indexer GetByKey at line 19 returned from the shared informer cache, so every other reader of the cache sees the change \(a data race with those readers\) and the cache no longer matches the cluster; copy it before changing it`
	return nil
}

// byIndex changes the items of an index.
func (i *Informers) byIndex(node string) {
	items, _ := i.informer.GetIndexer().ByIndex("spec.nodeName", node)
	for _, item := range items {
		pod, ok := item.(*corev1.Pod)
		if !ok {
			continue
		}
		delete(pod.Labels, "example.com/node") // want `delete\(pod.Labels, "example.com/node"\) changes the Labels of pod, which the Indexer ByIndex at line 30`
	}
}

// storeList changes the items of a store's List.
func (i *Informers) storeList() {
	for _, item := range i.store.List() {
		switch o := item.(type) {
		case *corev1.Pod:
			o.Status.Phase = "Unknown" // want `the assignment to o.Status.Phase changes o, which the Store List at line 42`
		}
	}
}

// generic changes the object of a generic lister.
func (i *Informers) genericGet(name string) {
	obj, _ := i.generic.ByNamespace("ns").Get(name)
	w := obj.(*v1.Widget)
	w.Spec.Size = 3 // want `the assignment to w.Spec.Size changes w, which the GenericNamespaceLister Get at line 52`
}

// Good.

func (i *Informers) byKeyCopy(key string) {
	obj, exists, _ := i.store.GetByKey(key)
	if !exists {
		return
	}
	w := obj.(*v1.Widget).DeepCopy()
	w.Status.ObservedGeneration = w.Generation
	o := obj.(runtime.Object).DeepCopyObject()
	o.(*v1.Widget).Spec.Size = 1
}

func (i *Informers) readItems() int {
	n := 0
	for _, item := range i.store.List() {
		if pod, ok := item.(*corev1.Pod); ok && pod.Labels["a"] == "b" {
			n++
		}
	}
	return n
}
