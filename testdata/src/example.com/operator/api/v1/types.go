// Package v1 holds CRD types with kubebuilder markers, declared in another
// package than the controllers that write them.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type WidgetSpec struct {
	Size int `json:"size"`
}

type WidgetStatus struct {
	Phase      string             `json:"phase,omitempty"`
	Ready      bool               `json:"ready,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget has the status subresource (markers, blank line, doc comment).
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

func (in *Widget) DeepCopy() *Widget              { out := *in; return &out }
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }
func (in *WidgetStatus) DeepCopy() *WidgetStatus  { out := *in; return &out }
func (in WidgetStatus) Summary() string           { return in.Phase }
func (in *WidgetStatus) SetPhase(phase string)    { in.Phase = phase }

// Healthy only reads, though its receiver is a pointer.
func (in *WidgetStatus) Healthy() bool { return in != nil && in.Phase == "Ready" }

// Gadget is a CRD without the status subresource.
// +kubebuilder:object:root=true
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

func (in *Gadget) DeepCopy() *Gadget              { out := *in; return &out }
func (in *Gadget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

//+kubebuilder:object:root=true
//+kubebuilder:subresource:status

// Sprocket has the status subresource, markers written without a space.
type Sprocket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

func (in *Sprocket) DeepCopy() *Sprocket            { out := *in; return &out }
func (in *Sprocket) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Mystery has no markers: opvet cannot tell whether it has a status
// subresource and stays silent.
type Mystery struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

func (in *Mystery) DeepCopy() *Mystery             { out := *in; return &out }
func (in *Mystery) DeepCopyObject() runtime.Object { return in.DeepCopy() }
