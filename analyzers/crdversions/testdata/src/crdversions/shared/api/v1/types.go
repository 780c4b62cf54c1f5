package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	common "crdversions/shared/common/v1"
)

// Quiet: the versions' Config types are per-version copies of one shape
// in a shared package of the module, compared by shape, not import path.

// Foo is a kind.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Foo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FooSpec `json:"spec,omitempty"`
}

// FooSpec is the spec.
type FooSpec struct {
	Config common.Config `json:"config,omitempty"`
}

// FooList lists Foo.
// +kubebuilder:object:root=true
type FooList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Foo `json:"items"`
}

// Bar is a kind whose shared Ref type differs between the copies.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Bar struct { // want `Bar differs between versions v1 and v1beta1 \(field spec.ref.namespace exists only in v1\) but no conversion is defined`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BarSpec `json:"spec,omitempty"`
}

// BarSpec is the spec.
type BarSpec struct {
	Ref common.Ref `json:"ref"`
}

// BarList lists Bar.
// +kubebuilder:object:root=true
type BarList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Bar `json:"items"`
}
