package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Widget v1 was added to the Go code, not to the manifest.
type Widget struct { // want `Widget v1 is not a version of config/crd/bases/versions\.example\.com_widgets\.yaml, so the API server answers every versions\.example\.com/v1 request for Widget with NotFound`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Gadget v1 became the storage version; the manifest still stores v1alpha1.
type Gadget struct { // want `Gadget v1 is the storage version \(marked \+kubebuilder:storageversion\) but config/crd/bases/versions\.example\.com_gadgets\.yaml stores Gadget in v1alpha1`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Sprocket: see v1alpha1.
type Sprocket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true

// Cog has one Go version; the manifest also serves v1beta1, deprecates v1,
// and keeps an unserved v1alpha1.
type Cog struct { // want `config/crd/bases/versions\.example\.com_cogs\.yaml serves Cog in version v1beta1, which no Go type defines` `config/crd/bases/versions\.example\.com_cogs\.yaml marks Cog v1 deprecated but the Go type has no \+kubebuilder:deprecatedversion`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true

// Bolt is in step with its manifest.
type Bolt struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Nut is also served in v1alpha2, whose Go type is in internal/legacy.
type Nut struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Bracket is in every manifest; its v1alpha1 only in the full set.
type Bracket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Clamp v1 is in the full set, not in config/crd/bases, which still
// stores v1alpha1: that manifest predates v1.
type Clamp struct { // want `Clamp v1 is not a version of config/crd/bases/versions\.example\.com_clamps\.yaml`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
