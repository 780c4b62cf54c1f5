package v1

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// Foo is converted by the module's own ConversionReview handler
// (shipwright's build webhook), which calls these two methods: conversion
// is defined, and controller-runtime's webhook is not the one serving it.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Foo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FooSpec `json:"spec,omitempty"`
}

// FooSpec is the spec.
type FooSpec struct {
	Size int32 `json:"size"`
}

// ConvertTo fills obj, an object of another version, from f.
func (f *Foo) ConvertTo(ctx context.Context, obj *unstructured.Unstructured) error { return nil }

// ConvertFrom fills f from obj, an object of another version.
func (f *Foo) ConvertFrom(ctx context.Context, obj *unstructured.Unstructured) error { return nil }

// FooList lists Foo.
// +kubebuilder:object:root=true
type FooList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Foo `json:"items"`
}

// Bar is the hub in all but name: v1alpha1's converters take it instead
// of conversion.Hub.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Bar struct { // want `Bar differs between versions v1 and v1alpha1 \(field spec.size is int32 in v1 but string in v1alpha1\) but no conversion is defined`
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
