package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec defines the desired state of Widget. The generated manifest
// has every field; the copies of releases 0.1.0 and 0.2.0 kept in
// deploy/olm-catalog (operator-sdk's layout, a directory per release)
// lack color, and users of this release do not install them.
type WidgetSpec struct {
	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"` // quiet: only the frozen copies of old releases lack it
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
	Color string `json:"color,omitempty"` // want `Gadget has no property spec\.color in the v1 schema of deploy/olm-catalog/archived-operator/0\.2\.0/gadgets\.crd\.yaml`
}

// +kubebuilder:object:root=true

// Gadget is a kind whose manifests exist only in the release directories:
// the newest one is the current manifest, and it is stale (reported once,
// not again for release 0.1.0).
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec,omitempty"`
}
