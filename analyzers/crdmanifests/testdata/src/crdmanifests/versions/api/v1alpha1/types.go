package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Widget v1alpha1 is the only version the manifest has.
type Widget struct { // want `Widget v1alpha1 is not the storage version \(v1 is marked \+kubebuilder:storageversion\) but config/crd/bases/versions\.example\.com_widgets\.yaml has storage: true for it`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true

// Gadget v1alpha1 is still the storage version in the manifest.
type Gadget struct { // want `Gadget v1alpha1 is not the storage version`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:unservedversion
// +kubebuilder:deprecatedversion

// Sprocket v1alpha1 is no longer served, but the manifest serves it.
type Sprocket struct { // want `Sprocket v1alpha1 is marked \+kubebuilder:unservedversion but config/crd/bases/versions\.example\.com_sprockets\.yaml still serves it`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true

// Bracket v1alpha1 is left out of config/crd/bases on purpose, while
// config/crd-full has it and stores Bracket in the same version: a
// variant manifest set (prometheus-operator's default bundle leaves out
// the version that needs the conversion webhook), not a stale one.
type Bracket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true

// Clamp v1alpha1 is in both manifests.
type Clamp struct { // want `Clamp v1alpha1 is not the storage version \(v1 is marked \+kubebuilder:storageversion\) but config/crd/bases/versions\.example\.com_clamps\.yaml has storage: true for it`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
