package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec defines the desired state of Widget. The generated manifest
// has every field; the copy of release v0.3.0's manifest that the upgrade
// test installs first lacks color, and does not ship.
type WidgetSpec struct {
	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"` // quiet: only a test's frozen copy lacks it
}

// +kubebuilder:object:root=true

// Widget is a kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}

// GadgetSpec defines the desired state of Gadget.
type GadgetSpec struct {
	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"` // want `Gadget has no property spec\.color in the v1 schema of config/crd/bases/frozen\.example\.com_gadgets\.yaml`
}

// +kubebuilder:object:root=true

// Gadget is a kind whose shipped manifest is stale: a test's copy of it
// does not hide that.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec,omitempty"`
}
