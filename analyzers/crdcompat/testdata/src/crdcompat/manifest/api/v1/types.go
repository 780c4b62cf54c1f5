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

// Extra no longer keeps what it does not describe.
type Extra struct {
	Known string `json:"known,omitempty"`
}

// Processed has properties, which the project's post-processing of the
// manifest replaced by x-kubernetes-preserve-unknown-fields: the Go type
// did not change, so nothing is reported.
type Processed struct {
	Known string `json:"known,omitempty"`
}

// GadgetSpec is the desired state of a Gadget. The types that
// controller-gen writes a schema of its own for match the manifest.
type GadgetSpec struct { // want `Gadget v1 \(against v1\.0\.0\): field spec\.dropped was removed`
	Size  int32 `json:"size"`
	Count int64 `json:"count,omitempty"`
	// The manifest cannot tell this rename from a removal; the base's Go
	// field can.
	TokenFile string `json:"tokenFile,omitempty"` // want `Gadget v1 \(against v1\.0\.0\): the JSON name of TokenFile changed from spec\.tokenFilePath to spec\.tokenFile`
	// +kubebuilder:validation:Enum=fast;slow
	Mode string `json:"mode,omitempty"` // want `spec\.mode no longer allows "off"`
	// +kubebuilder:default=5
	Retries   int32                   `json:"retries,omitempty"` // want `spec\.retries changed its default from 3 to 5`
	Owner     string                  `json:"owner"`             // want `spec\.owner became required`
	Data      []byte                  `json:"data,omitempty"`
	Since     metav1.Time             `json:"since,omitempty"`
	Memory    resource.Quantity       `json:"memory,omitempty"`
	Port      intstr.IntOrString      `json:"port,omitempty"`
	Raw       runtime.RawExtension    `json:"raw,omitempty"`
	Extra     Extra                   `json:"extra,omitempty"` // want `spec\.extra no longer keeps unknown fields`
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
// +kubebuilder:resource:scope=Cluster

// Gadget is the Schema for the gadgets API.
type Gadget struct { // want `Gadget \(against v1\.0\.0\): the scope changed from Namespaced to Cluster`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec,omitempty"`
	Status GadgetStatus `json:"status,omitempty"`
}
