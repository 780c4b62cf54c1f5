package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec is the desired state of a Widget. Size went from an integer
// to a string: alpha versions promise nothing (skip-prerelease).
type WidgetSpec struct {
	Size string `json:"size,omitempty"`
}

// +kubebuilder:object:root=true

// Widget is the Schema for the widgets API.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}
