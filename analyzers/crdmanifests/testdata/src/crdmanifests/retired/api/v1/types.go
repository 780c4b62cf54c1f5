package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// StreamSpec is the desired state of a Stream.
type StreamSpec struct {
	Name    string `json:"name,omitempty"`
	Account string `json:"account,omitempty"` // want `Stream has no property spec.account in the v1 schema of deploy/crds.yaml`
}

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Stream is served in v1, whose schema lacks a field: reported.
type Stream struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec StreamSpec `json:"spec,omitempty"`
}

// PoolSpec is the desired state of a Pool.
type PoolSpec struct {
	Name string `json:"name,omitempty"`
}

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Pool is served in v1 and stored in v1beta1.
type Pool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PoolSpec `json:"spec,omitempty"`
}
