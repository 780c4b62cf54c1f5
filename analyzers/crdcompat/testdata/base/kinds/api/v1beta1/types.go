package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// GizmoSpec is the desired state.
type GizmoSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true

// Gizmo is a kind.
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GizmoSpec `json:"spec,omitempty"`
}

// DoohickeySpec is the desired state.
type DoohickeySpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Doohickey is a kind.
type Doohickey struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DoohickeySpec `json:"spec,omitempty"`
}

// WhatsitSpec is the desired state.
type WhatsitSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Whatsit is a kind.
type Whatsit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WhatsitSpec `json:"spec,omitempty"`
}

// UnservedSpec is the desired state.
type UnservedSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true

// Unserved is a kind.
type Unserved struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec UnservedSpec `json:"spec,omitempty"`
}
