package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// GadgetSpec was generated into the committed manifest; the manifest is
// the base, not this file.
type GadgetSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true

// Gadget is the Schema for the gadgets API.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec,omitempty"`
}
