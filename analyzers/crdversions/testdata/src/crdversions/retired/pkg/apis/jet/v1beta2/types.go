package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Stream has a field its retired v1beta1 lacks: objects stored in v1beta1
// by an earlier release are read without it, as objects may be. Quiet.
type Stream struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              StreamSpec `json:"spec,omitempty"`
}

// StreamSpec is the spec.
type StreamSpec struct {
	Name    string `json:"name"`
	Account string `json:"account,omitempty"`
}

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Consumer lacks a field of its retired v1beta1: objects stored in v1beta1
// by an earlier release lose it when read. Reported.
type Consumer struct { // want `Consumer differs between versions v1beta2 and v1beta1 \(field spec.durable exists only in v1beta1\) but no conversion is defined: the API server only rewrites apiVersion, so objects that an earlier release stored in v1beta1 lose or mistype that field when read`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ConsumerSpec `json:"spec,omitempty"`
}

// ConsumerSpec is the spec.
type ConsumerSpec struct {
	Name string `json:"name"`
}

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Template is served in v1beta1 too (the manifest says so): a new field
// of v1beta2 is lost for clients of v1beta1. Reported.
type Template struct { // want `Template differs between versions v1beta2 and v1beta1 \(field spec.account exists only in v1beta2\) but no conversion is defined`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              StreamSpec `json:"spec,omitempty"`
}
