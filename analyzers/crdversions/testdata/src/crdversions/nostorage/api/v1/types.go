package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Foo is a kind.
// +kubebuilder:object:root=true
type Foo struct { // want `Foo is served in versions v1, v1alpha1 but none is marked \+kubebuilder:storageversion`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FooSpec `json:"spec,omitempty"`
}

// FooSpec is the spec.
type FooSpec struct {
	Size int32 `json:"size"`
}

// FooList lists Foo.
// +kubebuilder:object:root=true
type FooList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Foo `json:"items"`
}

// Hub marks this version as the conversion hub.
func (*Foo) Hub() {}

// Baz is a kind.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
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

// Bar is a kind.
// +kubebuilder:object:root=true
type Bar struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BarSpec `json:"spec,omitempty"`
}

// BarSpec is the spec.
type BarSpec struct {
	Size int32 `json:"size"`
}

// BarList lists Bar.
// +kubebuilder:object:root=true
type BarList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Bar `json:"items"`
}

// Request is a hook request, not a CRD.
// +kubebuilder:object:root=true
type Request struct {
	metav1.TypeMeta `json:",inline"`

	Size int32 `json:"size"`
}
