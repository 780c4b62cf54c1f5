package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec defines the desired state of Widget.
type WidgetSpec struct {
	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"` // quiet: the prototype chart is named by no file, its copy written by an older controller-gen
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
	Size int32 `json:"size,omitempty"`
	// Reported: hack/release.sh names the chart, which ships.
	Color string `json:"color,omitempty"` // want `Gadget has no property spec\.color in the v1 schema of charts/[a-z]+/crds/gadgets\.yaml`
}

// +kubebuilder:object:root=true

// Gadget is a kind.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec,omitempty"`
}

// SprocketSpec defines the desired state of Sprocket.
type SprocketSpec struct {
	Size int32 `json:"size,omitempty"`
	// Reported: no file names the chart, but its copy is as new as
	// config/crd/bases.
	Color string `json:"color,omitempty"` // want `Sprocket has no property spec\.color in the v1 schema of helm/[a-z]+/templates/sprockets\.yaml`
}

// +kubebuilder:object:root=true

// Sprocket is a kind.
type Sprocket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SprocketSpec `json:"spec,omitempty"`
}
