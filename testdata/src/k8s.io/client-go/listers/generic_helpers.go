// Package listers is a stub of client-go's generic listers, which the
// generated listers embed since client-go v0.31.
package listers

import (
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/tools/cache"
)

type ResourceIndexer[T runtime.Object] struct {
	indexer   cache.Indexer
	resource  schema.GroupResource
	namespace string
}

func New[T runtime.Object](indexer cache.Indexer, resource schema.GroupResource) ResourceIndexer[T] {
	return ResourceIndexer[T]{indexer: indexer, resource: resource}
}

func NewNamespaced[T runtime.Object](parent ResourceIndexer[T], namespace string) ResourceIndexer[T] {
	return ResourceIndexer[T]{indexer: parent.indexer, resource: parent.resource, namespace: namespace}
}

func (l ResourceIndexer[T]) List(selector labels.Selector) (ret []T, err error) {
	for _, m := range l.indexer.List() {
		ret = append(ret, m.(T))
	}
	return ret, nil
}

func (l ResourceIndexer[T]) Get(name string) (T, error) {
	obj, exists, err := l.indexer.GetByKey(l.namespace + "/" + name)
	if err != nil || !exists {
		return *new(T), err
	}
	return obj.(T), nil
}
