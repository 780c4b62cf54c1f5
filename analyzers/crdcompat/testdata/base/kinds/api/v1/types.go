package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// GizmoSpec is the desired state.
type GizmoSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

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

// Whatsit is a kind.
type Whatsit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WhatsitSpec `json:"spec,omitempty"`
}

// ScopedSpec is the desired state.
type ScopedSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true

// Scoped is a kind.
type Scoped struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ScopedSpec `json:"spec,omitempty"`
}

// OldNameSpec is the desired state.
type OldNameSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true

// OldName is a kind.
type OldName struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec OldNameSpec `json:"spec,omitempty"`
}

// PluralSpec is the desired state.
type PluralSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:resource:path=olds

// Plural is a kind.
type Plural struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PluralSpec `json:"spec,omitempty"`
}

// UnservedSpec is the desired state.
type UnservedSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Unserved is a kind.
type Unserved struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec UnservedSpec `json:"spec,omitempty"`
}

// AcceptedSpec is the desired state.
type AcceptedSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true

// Accepted is a kind whose breaking change is allowed by a marker.
type Accepted struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec AcceptedSpec `json:"spec,omitempty"`
}
