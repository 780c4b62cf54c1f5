package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	conversion "sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Foo is a kind.
// +kubebuilder:object:root=true
type Foo struct {
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

// ConvertFrom converts from the hub.
func (dst *Foo) ConvertFrom(src conversion.Hub) error { return nil }

// Baz is a kind.
// +kubebuilder:object:root=true
type Baz struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BazSpec `json:"spec,omitempty"`
}

// BazSpec is the spec.
type BazSpec struct {
	Size int32 `json:"size"`
}

// BazList lists Baz.
// +kubebuilder:object:root=true
type BazList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Baz `json:"items"`
}

// Request is a hook request, not a CRD.
// +kubebuilder:object:root=true
type Request struct {
	metav1.TypeMeta `json:",inline"`

	Size string `json:"size"`
}
