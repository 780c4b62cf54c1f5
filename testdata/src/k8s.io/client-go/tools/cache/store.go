package cache

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
)

type Store interface {
	Add(obj interface{}) error
	Update(obj interface{}) error
	Delete(obj interface{}) error
	List() []interface{}
	ListKeys() []string
	Get(obj interface{}) (item interface{}, exists bool, err error)
	GetByKey(key string) (item interface{}, exists bool, err error)
	Replace([]interface{}, string) error
	Resync() error
}

type GenericLister interface {
	List(selector labels.Selector) (ret []runtime.Object, err error)
	Get(name string) (runtime.Object, error)
	ByNamespace(namespace string) GenericNamespaceLister
}

type GenericNamespaceLister interface {
	List(selector labels.Selector) (ret []runtime.Object, err error)
	Get(name string) (runtime.Object, error)
}

func MetaNamespaceKeyFunc(obj interface{}) (string, error) { return "", nil }

func SplitMetaNamespaceKey(key string) (namespace, name string, err error) { return "", "", nil }

// ListWatch lists from the API server: its List is no cache read.
type ListWatch struct{}

func (lw *ListWatch) List(options metav1.ListOptions) (runtime.Object, error) { return nil, nil }
