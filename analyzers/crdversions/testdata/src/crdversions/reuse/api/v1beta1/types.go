package v1beta1

import (
	v1 "crdversions/reuse/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Foo is a kind.
// +kubebuilder:object:root=true
type Foo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec v1.FooSpec `json:"spec,omitempty"`
}
