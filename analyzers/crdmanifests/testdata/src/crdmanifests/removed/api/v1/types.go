package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// CommonSpec is inlined: its fields are WidgetSpec's.
type CommonSpec struct {
	Owner string `json:"owner,omitempty"`
}

// WidgetSpec lost its legacy field; the manifest still has it.
type WidgetSpec struct { // want `the v1 schema of config/crd/bases/removed\.example\.com_widgets\.yaml has spec\.legacy, which Widget no longer declares: either the manifest is stale \(regenerate it\) or the field was removed from a served version`
	CommonSpec `json:",inline"`

	Size int32 `json:"size,omitempty"`

	// A property that controller-gen writes for an unexported field is
	// not removed.
	hidden string `json:"hidden,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Widget is a kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}
