package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

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

// UnservedSpec is the desired state.
type UnservedSpec struct {
	Size int32 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:unservedversion

// Unserved is a kind.
type Unserved struct { // want `Unserved v1beta1 \(against v1\.0\.0\): the version is no longer served \(\+kubebuilder:unservedversion\), so every client and manifest that still uses v1beta1 gets NotFound`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec UnservedSpec `json:"spec,omitempty"`
}
