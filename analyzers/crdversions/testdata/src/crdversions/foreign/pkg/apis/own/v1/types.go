package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Gadget is reported: the module's manifest defines its group. Its
// storage version is the manifest's, not a marker's.
type Gadget struct { // want `Gadget differs between versions v1 and v1beta1 \(field spec.size exists only in v1\) but no conversion is defined`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GadgetSpec `json:"spec,omitempty"`
}

// GadgetSpec is the spec.
type GadgetSpec struct {
	Name string `json:"name"`
	Size int32  `json:"size,omitempty"`
}
