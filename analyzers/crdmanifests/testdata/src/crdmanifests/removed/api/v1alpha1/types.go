package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec of an unserved version: nobody reads the stale property.
type WidgetSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:unservedversion

// Widget is a kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}
