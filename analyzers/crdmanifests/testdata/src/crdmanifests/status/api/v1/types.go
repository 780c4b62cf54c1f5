package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget gained the status subresource after its manifest was generated.
type Widget struct { // want `Widget v1 is marked \+kubebuilder:subresource:status but config/crd/bases/status\.example\.com_widgets\.yaml has no status subresource for v1, so Status\(\)\.Update and Status\(\)\.Patch fail with NotFound`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status WidgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// Gadget lost its marker; the manifest still has the subresource.
type Gadget struct { // want `config/crd/bases/status\.example\.com_gadgets\.yaml gives Gadget v1 the status subresource but the Go type has no \+kubebuilder:subresource:status`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status WidgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Sprocket agrees with its manifest.
type Sprocket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status WidgetStatus `json:"status,omitempty"`
}
