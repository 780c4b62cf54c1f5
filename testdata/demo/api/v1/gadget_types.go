package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// GadgetSpec defines the desired state of Gadget.
type GadgetSpec struct {
	// Widget names the Widget that owns this Gadget.
	Widget string `json:"widget"`

	// Replicas mirrors the owning Widget's size.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`

	// Color is painted on the gadget. It was added after the manifests in
	// config/crd/bases were generated, and nobody ran `make manifests`.
	// +optional
	Color string `json:"color,omitempty"`
}

// +kubebuilder:object:root=true

// Gadget is a part that a Widget is assembled from.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec,omitempty"`
}

// +kubebuilder:object:root=true

// GadgetList contains a list of Gadget.
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gadget `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Gadget{}, &GadgetList{})
}
