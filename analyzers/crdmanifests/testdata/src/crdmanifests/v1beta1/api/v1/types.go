package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec defines the desired state of Widget.
type WidgetSpec struct {
	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"` // not in the schema, but v1beta1 CRDs preserve unknown fields by default
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget is still installed with a v1beta1 CRD.
type Widget struct { // want `config/crd/bases/old\.example\.com_widgets\.yaml declares the Widget CRD with apiextensions\.k8s\.io/v1beta1, which Kubernetes 1\.22 removed`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}
