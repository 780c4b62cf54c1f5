// Package v1 stubs the typed core/v1 client of k8s.io/client-go v0.17,
// before the context argument of Kubernetes 1.18.
package v1

import (
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	types "k8s.io/apimachinery/pkg/types"
)

// PodsGetter stubs the getter of the Pod client.
type PodsGetter interface {
	Pods(namespace string) PodInterface
}

// PodInterface has the methods of client-go v0.17.
type PodInterface interface {
	Create(*v1.Pod) (*v1.Pod, error)
	Update(*v1.Pod) (*v1.Pod, error)
	Delete(name string, options *metav1.DeleteOptions) error
	Get(name string, options metav1.GetOptions) (*v1.Pod, error)
	List(opts metav1.ListOptions) (*v1.PodList, error)
	Patch(name string, pt types.PatchType, data []byte, subresources ...string) (result *v1.Pod, err error)
}
