package hub

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec has a field the copied CRD lacks: quiet, the copy is a test
// fixture of another project's API, not what users install.
type WidgetSpec struct {
	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"`
}

// +kubebuilder:object:root=true

// Widget is the hub of a kind whose only manifest in the repository is
// the copy in an integration-test directory: no "hub is not a version",
// no "v1alpha1 is defined by no Go type".
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}
