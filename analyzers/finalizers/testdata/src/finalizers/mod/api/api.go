// Package api holds finalizer names used by the other packages.
package api

import (
	"slices"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const Group = "mod.example.com"

// Finalizer names, some computed from others.
const (
	CleanupFinalizer  = Group + "/cleanup"
	HelperFinalizer   = "mod.example.com/helper"
	WrappedFinalizer  = "mod.example.com/wrapped"
	FilteredFinalizer = "mod.example.com/filtered"
	FieldFinalizer    = "mod.example.com/field"
	LeakedFinalizer   = "mod.example.com/leaked"
	TestOnlyFinalizer = "mod.example.com/test-only"
	NestedFinalizer   = "mod.example.com/nested"
	Undomained        = "undomained"
	MethodFinalizer   = "mod.example.com/method"
	KeptFinalizer     = "mod.example.com/kept"
)

// Widget is an API object.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec is the widget's desired state.
type WidgetSpec struct{ Size int }

func (in *Widget) DeepCopy() *Widget {
	out := *in
	return &out
}

func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Gadget is an API object with its own finalizer methods (fluent-operator's
// FluentBit): RemoveFinalizer takes the name as its only argument.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Gadget) DeepCopyObject() runtime.Object { out := *in; return &out }

// AddFinalizer adds name.
func (in *Gadget) AddFinalizer(name string) { in.Finalizers = append(in.Finalizers, name) }

// RemoveFinalizer removes name, in a closure that does not pass it on.
func (in *Gadget) RemoveFinalizer(name string) {
	in.Finalizers = slices.DeleteFunc(in.Finalizers, func(s string) bool { return s == name })
}
