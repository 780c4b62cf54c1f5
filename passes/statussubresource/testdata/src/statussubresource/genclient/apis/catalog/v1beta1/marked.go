package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Kinds with kubebuilder markers, whose manifests were not regenerated.

// Gadget's only manifest has no status subresource.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// Gizmo has a stale manifest without the subresource and a current one
// with it.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Gizmo struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// Sprocket has no manifest.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Sprocket struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}
