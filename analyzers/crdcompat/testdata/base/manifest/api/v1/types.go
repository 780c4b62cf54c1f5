package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Target inlines a type whose +structType=atomic controller-gen carries
// to Target's own schema: the manifest says atomic, and opvet, which does
// not read the embedded type, does not take Target for granular.
type Target struct {
	corev1.ObjectReference `json:",inline"`
}

// Step is an item of a list map.
type Step struct {
	Name    string `json:"name"`
	Timeout string `json:"timeout,omitempty"`
}

// Extra kept what it did not describe.
// +kubebuilder:pruning:PreserveUnknownFields
type Extra struct {
	Known string `json:"known,omitempty"`
}

// Processed has properties, which the project's post-processing of the
// manifest replaced by x-kubernetes-preserve-unknown-fields.
type Processed struct {
	Known string `json:"known,omitempty"`
}

// GadgetSpec is what the committed manifest was generated from.
type GadgetSpec struct {
	Size    int32  `json:"size"`
	Count   int64  `json:"count,omitempty"`
	Dropped string `json:"dropped,omitempty"`
	// TokenFile's JSON name is not its Go name.
	TokenFile string `json:"tokenFilePath,omitempty"`
	// +kubebuilder:validation:Enum=fast;slow;off
	Mode string `json:"mode,omitempty"`
	// +kubebuilder:default=3
	Retries   int32                   `json:"retries,omitempty"`
	Owner     string                  `json:"owner,omitempty"`
	Data      []byte                  `json:"data,omitempty"`
	Since     metav1.Time             `json:"since,omitempty"`
	Memory    resource.Quantity       `json:"memory,omitempty"`
	Port      intstr.IntOrString      `json:"port,omitempty"`
	Raw       runtime.RawExtension    `json:"raw,omitempty"`
	Extra     Extra                   `json:"extra,omitempty"`
	Processed Processed               `json:"processed,omitempty"`
	Ref       *corev1.ObjectReference `json:"ref,omitempty"`
	Target    Target                  `json:\"target,omitempty\"`
	Labels    map[string]string       `json:"labels,omitempty"`
	// +listType=map
	// +listMapKey=name
	Steps []Step `json:"steps,omitempty"`
}

// GadgetStatus is the observed state of a Gadget.
type GadgetStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Gadget is the Schema for the gadgets API.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec,omitempty"`
	Status GadgetStatus `json:"status,omitempty"`
}
