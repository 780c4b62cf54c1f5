package v1alpha2

import (
	v1 "crdversions/halfconvertible/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Foo is a kind.
// +kubebuilder:object:root=true
type Foo struct { // want `Foo v1alpha2 ConvertTo takes \*v1.Foo instead of conversion.Hub`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FooSpec `json:"spec,omitempty"`
}

// FooSpec is the spec.
type FooSpec struct {
	Size string `json:"size"`
}

// FooList lists Foo.
// +kubebuilder:object:root=true
type FooList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Foo `json:"items"`
}

// ConvertTo converts to the hub.
func (src *Foo) ConvertTo(dst *v1.Foo) error { return nil }

// ConvertFrom converts from the hub.
func (dst *Foo) ConvertFrom(src *v1.Foo) error { return nil }
