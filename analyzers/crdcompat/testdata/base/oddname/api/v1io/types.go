package v1io

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// +kubebuilder:validation:Enum=fast;slow;off
	Mode string `json:"mode,omitempty"`
}

// +kubebuilder:object:root=true

// Widget is the Schema for the widgets API.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}
