package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
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

// Same is a kind.
// +kubebuilder:object:root=true
type Same struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SameSpec `json:"spec,omitempty"`
}

// SameSpec is the spec.
type SameSpec struct {
	Items []Entry `json:"items"`
}

// SameList lists Same.
// +kubebuilder:object:root=true
type SameList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Same `json:"items"`
}

// Entry is an item under another Go name.
type Entry struct {
	Name  string `json:"name"`
	Count int32  `json:"count,omitempty"`
}
