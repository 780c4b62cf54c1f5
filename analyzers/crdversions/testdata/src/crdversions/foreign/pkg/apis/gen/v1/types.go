package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is reported: its marker says controller-gen makes its CRD.
// +kubebuilder:object:root=true
type Widget struct { // want `Widget is served in versions v1, v1beta1 but none is marked \+kubebuilder:storageversion` `Widget differs between versions v1 and v1beta1 \(field spec.size exists only in v1\) but no conversion is defined`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec is the spec.
type WidgetSpec struct {
	Name string `json:"name"`
	Size int32  `json:"size,omitempty"`
}
