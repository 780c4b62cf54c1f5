// Package v1 is a small API group of the upgrade fixture: one kind with
// the webhook methods controller-runtime v0.14 called through the
// Defaulter and Validator interfaces.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group of the Widget kind.
var GroupVersion = schema.GroupVersion{Group: "upgrade.example.com", Version: "v1"}

// Widget is the fixture's kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is what the user wants.
type WidgetSpec struct {
	Size int32 `json:"size,omitempty"`
}

// WidgetStatus is what the controller saw.
type WidgetStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (w *Widget) DeepCopyObject() runtime.Object {
	out := *w
	w.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}
