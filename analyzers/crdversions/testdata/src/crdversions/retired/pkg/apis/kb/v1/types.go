package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Bar has a field its unserved v1alpha1 lacks. Quiet.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Bar struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BarSpec `json:"spec,omitempty"`
}

// BarSpec is the spec.
type BarSpec struct {
	Size  int32 `json:"size"`
	Ready bool  `json:"ready,omitempty"`
}

// Baz types a field of its unserved v1alpha1 differently: objects an
// earlier release stored in v1alpha1 are read with a mistyped field.
// Reported.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Baz struct { // want `Baz differs between versions v1 and v1alpha1 \(field spec.size is int32 in v1 but string in v1alpha1\) but no conversion is defined: the API server only rewrites apiVersion, so objects that an earlier release stored in v1alpha1 lose`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BazSpec `json:"spec,omitempty"`
}

// BazSpec is the spec.
type BazSpec struct {
	Size int32 `json:"size"`
}
