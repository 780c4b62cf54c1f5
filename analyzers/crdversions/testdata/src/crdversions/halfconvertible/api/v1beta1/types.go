package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	conversion "sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Foo is a kind.
// +kubebuilder:object:root=true
type Foo struct { // want `Foo v1beta1 has ConvertTo but no ConvertFrom, so it does not implement conversion.Convertible`
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
func (src *Foo) ConvertTo(dst conversion.Hub) error { return nil }
