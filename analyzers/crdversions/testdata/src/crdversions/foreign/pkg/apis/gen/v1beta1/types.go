package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is reported: its marker says controller-gen makes its CRD.
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec is the spec.
type WidgetSpec struct {
	Name string `json:"name"`
}
