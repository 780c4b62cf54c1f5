package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// GizmoSpec is the desired state.
type GizmoSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Gizmo is a kind.
type Gizmo struct { // want `Gizmo v1beta1 \(against v1\.0\.0\): the version is gone \(no Go type defines it\), so every client and manifest that still uses v1beta1 gets NotFound`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GizmoSpec `json:"spec,omitempty"`
}

// DoohickeySpec is the desired state.
type DoohickeySpec struct {
	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Doohickey is a kind.
type Doohickey struct { // want `Doohickey \(against v1\.0\.0\): the storage version moved from v1beta1 to v1 but no conversion is defined`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DoohickeySpec `json:"spec,omitempty"`
}

// WhatsitSpec is the desired state.
type WhatsitSpec struct {
	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// Whatsit is a kind.
type Whatsit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WhatsitSpec `json:"spec,omitempty"`
}

// Hub marks Whatsit v1 as the conversion hub.
func (*Whatsit) Hub() {}

// ScopedSpec is the desired state.
type ScopedSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster

// Scoped is a kind.
type Scoped struct { // want `Scoped \(against v1\.0\.0\): the scope changed from Namespaced to Cluster, so the API server rejects the CRD update`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ScopedSpec `json:"spec,omitempty"`
}

// NewNameSpec is the desired state.
type NewNameSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true

// NewName is a kind.
type NewName struct { // want `NewName \(against v1\.0\.0\): NewName replaces the kind OldName, so the users' OldName objects`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec NewNameSpec `json:"spec,omitempty"`
}

// PluralSpec is the desired state.
type PluralSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:resource:path=news

// Plural is a kind.
type Plural struct { // want `Plural \(against v1\.0\.0\): the plural changed from olds to news, so the CRD gets a new name \(news\.kinds\.example\.com\)`
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
// +kubebuilder:resource:scope=Cluster
// +opvet:compat:allow=the kind was never released to users

// Accepted is a kind whose breaking change is allowed by a marker.
type Accepted struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec AcceptedSpec `json:"spec,omitempty"`
}
