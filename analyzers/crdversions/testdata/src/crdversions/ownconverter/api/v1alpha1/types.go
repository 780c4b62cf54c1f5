package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1 "crdversions/ownconverter/api/v1"
)

// Foo is converted by v1's own converters.
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

// Bar's converters take the other version's type, not conversion.Hub:
// a misspelt conversion.Convertible, still reported.
// +kubebuilder:object:root=true
type Bar struct { // want `Bar v1alpha1 ConvertTo takes \*v1.Bar instead of conversion.Hub`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BarSpec `json:"spec,omitempty"`
}

// BarSpec is the spec.
type BarSpec struct {
	Size string `json:"size"`
}

// ConvertTo converts b to the storage version.
func (b *Bar) ConvertTo(dst *v1.Bar) error { return nil }

// ConvertFrom converts the storage version to b.
func (b *Bar) ConvertFrom(src *v1.Bar) error { return nil }

// BarList lists Bar.
// +kubebuilder:object:root=true
type BarList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Bar `json:"items"`
}
