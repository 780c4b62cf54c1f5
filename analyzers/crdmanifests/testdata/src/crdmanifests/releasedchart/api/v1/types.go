package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec defines the desired state of Widget.
type WidgetSpec struct {
	Size int32 `json:"size,omitempty"`
	// Reported: the release workflow publishes every chart of charts/
	// without naming them, so the chart ships although its copy is older
	// than config/crd/bases.
	Color string `json:"color,omitempty"` // want `Widget has no property spec\.color in the v1 schema of charts/[a-z]+/crds/widgets\.yaml`
}

// +kubebuilder:object:root=true

// Widget is a kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}
