package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Plain was atomic in the base's manifest and no longer is.
type Plain struct {
	Name string `json:"name,omitempty"`
}

// Atomic is replaced as a whole by server-side apply.
// +structType=atomic
type Atomic struct {
	Name string `json:"name,omitempty"`
}

// Local inlines Atomic, whose map type controller-gen carries up.
type Local struct {
	Atomic `json:",inline"`
}

// SprocketSpec is compared with the base's manifest only: the base has no
// Go type for Sprocket.
type SprocketSpec struct {
	Target Target `json:"target,omitempty"`
	Local  Local  `json:"local,omitempty"`
	Plain  Plain  `json:"plain,omitempty"` // want `Sprocket v1 \(against v1\.0\.0\): spec\.plain changed its map type from atomic to granular`
}

// +kubebuilder:object:root=true

// Sprocket is the Schema for the sprockets API.
type Sprocket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SprocketSpec `json:"spec,omitempty"`
}
