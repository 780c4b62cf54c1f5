// Package api holds finalizer names used by the other packages.
package api

import (
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
