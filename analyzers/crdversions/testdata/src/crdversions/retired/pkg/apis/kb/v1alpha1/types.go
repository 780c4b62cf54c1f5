package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Bar is no longer served.
// +kubebuilder:object:root=true
// +kubebuilder:unservedversion
type Bar struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BarSpec `json:"spec,omitempty"`
}

// BarSpec is the spec.
type BarSpec struct {
	Size int32 `json:"size"`
}

// Baz is no longer served.
// +kubebuilder:object:root=true
// +kubebuilder:unservedversion
type Baz struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BazSpec `json:"spec,omitempty"`
}

// BazSpec is the spec.
type BazSpec struct {
	Size string `json:"size"`
}
