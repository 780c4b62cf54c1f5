package v1alpha2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// TrafficSplit is not reported: the module's manifests do not define its
// group, and no kubebuilder marker makes controller-gen generate it.
type TrafficSplit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              TrafficSplitSpec `json:"spec,omitempty"`
}

// TrafficSplitSpec is the spec.
type TrafficSplitSpec struct {
	Service string   `json:"service"`
	Matches []string `json:"matches,omitempty"`
}
