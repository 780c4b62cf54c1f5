package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Foo is a kind.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Foo struct { // want `Foo differs between versions v1 and v1alpha1 \(field spec.size is int32 in v1 but string in v1alpha1\) but no conversion is defined`
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

// Same is a kind.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Same struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SameSpec `json:"spec,omitempty"`
}

// SameSpec is the spec.
type SameSpec struct {
	Items []Item `json:"items"`
}

// SameList lists Same.
// +kubebuilder:object:root=true
type SameList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Same `json:"items"`
}

// Item is an item.
type Item struct {
	Name  string `json:"name"`
	Count *int32 `json:"count,omitempty"`
}
