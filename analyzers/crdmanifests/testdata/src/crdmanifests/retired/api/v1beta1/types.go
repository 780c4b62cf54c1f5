package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// StreamSpec is the desired state of a Stream in the retired v1beta1.
type StreamSpec struct {
	Name  string `json:"name,omitempty"`
	Limit int32  `json:"limit,omitempty"`
}

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Stream v1beta1 is neither served nor stored: no request is written
// through its schema, which lacks spec.limit. Quiet.
type Stream struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec StreamSpec `json:"spec,omitempty"`
}

// TemplateSpec is the desired state of a Template.
type TemplateSpec struct {
	Name  string `json:"name,omitempty"`
	Limit int32  `json:"limit,omitempty"`
}

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Template's only version is stored but not served: no request can
// write it. Quiet.
type Template struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec TemplateSpec `json:"spec,omitempty"`
}

// PoolSpec is the desired state of a Pool.
type PoolSpec struct {
	Name  string `json:"name,omitempty"`
	Limit int32  `json:"limit,omitempty"` // want `Pool has no property spec.limit in the v1beta1 schema of deploy/crds.yaml`
}

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Pool is stored in v1beta1, not served in it, and served in v1: objects
// written in v1 are stored through v1beta1's schema. Reported.
type Pool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PoolSpec `json:"spec,omitempty"`
}
