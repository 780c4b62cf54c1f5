// Package v1 is a stub of client-go's generated listers of the core/v1
// kinds (current versions, on the generic listers.ResourceIndexer).
package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/listers"
	"k8s.io/client-go/tools/cache"
)

type PodListerExpansion interface{}
type PodNamespaceListerExpansion interface{}

type PodLister interface {
	List(selector labels.Selector) (ret []*corev1.Pod, err error)
	Pods(namespace string) PodNamespaceLister
	PodListerExpansion
}

type PodNamespaceLister interface {
	List(selector labels.Selector) (ret []*corev1.Pod, err error)
	Get(name string) (*corev1.Pod, error)
	PodNamespaceListerExpansion
}

type podLister struct {
	listers.ResourceIndexer[*corev1.Pod]
}

func NewPodLister(indexer cache.Indexer) PodLister {
	return &podLister{listers.New[*corev1.Pod](indexer, schema.GroupResource{Resource: "pod"})}
}

func (s *podLister) Pods(namespace string) PodNamespaceLister {
	return podNamespaceLister{listers.NewNamespaced[*corev1.Pod](s.ResourceIndexer, namespace)}
}

type podNamespaceLister struct {
	listers.ResourceIndexer[*corev1.Pod]
}

type ConfigMapListerExpansion interface{}
type ConfigMapNamespaceListerExpansion interface{}

type ConfigMapLister interface {
	List(selector labels.Selector) (ret []*corev1.ConfigMap, err error)
	ConfigMaps(namespace string) ConfigMapNamespaceLister
	ConfigMapListerExpansion
}

type ConfigMapNamespaceLister interface {
	List(selector labels.Selector) (ret []*corev1.ConfigMap, err error)
	Get(name string) (*corev1.ConfigMap, error)
	ConfigMapNamespaceListerExpansion
}

type NodeListerExpansion interface{}

type NodeLister interface {
	List(selector labels.Selector) (ret []*corev1.Node, err error)
	Get(name string) (*corev1.Node, error)
	NodeListerExpansion
}
