// Package v1 holds the listers lister-gen writes for the Widget custom
// resource (the shape before client-go v0.31: a struct over an indexer).
package v1

import (
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"

	v1 "cachemutation/api/v1"
)

// WidgetLister helps list Widgets.
// All objects returned here must be treated as read-only.
type WidgetLister interface {
	List(selector labels.Selector) (ret []*v1.Widget, err error)
	Widgets(namespace string) WidgetNamespaceLister
}

type widgetLister struct {
	indexer cache.Indexer
}

func NewWidgetLister(indexer cache.Indexer) WidgetLister {
	return &widgetLister{indexer: indexer}
}

func (s *widgetLister) List(selector labels.Selector) (ret []*v1.Widget, err error) {
	for _, m := range s.indexer.List() {
		ret = append(ret, m.(*v1.Widget))
	}
	return ret, nil
}

func (s *widgetLister) Widgets(namespace string) WidgetNamespaceLister {
	return widgetNamespaceLister{indexer: s.indexer, namespace: namespace}
}

// WidgetNamespaceLister helps list and get Widgets.
// All objects returned here must be treated as read-only.
type WidgetNamespaceLister interface {
	List(selector labels.Selector) (ret []*v1.Widget, err error)
	Get(name string) (*v1.Widget, error)
}

type widgetNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (s widgetNamespaceLister) List(selector labels.Selector) (ret []*v1.Widget, err error) {
	return nil, nil
}

func (s widgetNamespaceLister) Get(name string) (*v1.Widget, error) {
	obj, exists, err := s.indexer.GetByKey(s.namespace + "/" + name)
	if err != nil || !exists {
		return nil, err
	}
	return obj.(*v1.Widget), nil
}
