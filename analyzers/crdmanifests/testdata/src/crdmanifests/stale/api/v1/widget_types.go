package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// CommonSpec is inlined into WidgetSpec.
type CommonSpec struct {
	Owner string `json:"owner,omitempty"`
	Team  string `json:"team,omitempty"` // want `Widget has no property spec\.team in the v1 schema of config/crd/bases/stale\.example\.com_widgets\.yaml, so the API server prunes it from every write`
}

// Endpoint is the value of a map.
type Endpoint struct {
	Host string `json:"host"`
	Port int32  `json:"port,omitempty"` // want `no property spec\.endpoints\.\*\.port in the v1 schema`
}

// Step is the element of a list.
type Step struct {
	Name    string `json:"name"`
	Timeout string `json:"timeout,omitempty"` // want `no property spec\.steps\[\*\]\.timeout in the v1 schema`
}

// Values is kept as it is written.
type Values struct {
	A string `json:"a,omitempty"`
}

// WidgetSpec defines the desired state of Widget.
type WidgetSpec struct {
	CommonSpec `json:",inline"`

	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"` // want `Widget has no property spec\.color in the v1 schema`

	Endpoints map[string]Endpoint `json:"endpoints,omitempty"`
	Steps     []Step              `json:"steps,omitempty"`

	// Fields of another package are reported at the field that leads
	// there.
	Ref *corev1.ObjectReference `json:"ref,omitempty"` // want `no property spec\.ref\.resourceVersion and spec\.ref\.fieldPath in the v1 schema`

	// Objects kept as templates: their status is written by no one (a
	// StatefulSet ignores volumeClaimTemplates[*].status) and projects
	// trim it from the manifest; their other fields are compared.
	Templates []corev1.Pod `json:"templates,omitempty"` // want `Widget has no property spec\.templates\[\*\]\.spec\.nodeName in the v1 schema`

	// Types with a schema of their own: the manifest says nothing of
	// their Go fields.
	Replicas intstr.IntOrString   `json:"replicas,omitempty"`
	Memory   resource.Quantity    `json:"memory,omitempty"`
	Since    metav1.Time          `json:"since,omitempty"`
	Extra    runtime.RawExtension `json:"extra,omitempty"`
	// +kubebuilder:pruning:PreserveUnknownFields
	Kept Values `json:"kept,omitempty"`
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:validation:Type=object
	Free Values `json:"free,omitempty"`

	// Not serialized, or refused by controller-gen.
	Cache    string `json:"-"`
	internal string
	Untagged string
}

// WidgetStatus was empty when the manifest was generated (the kubebuilder
// scaffold), so its schema is a bare object.
type WidgetStatus struct {
	Ready bool `json:"ready,omitempty"` // want `Widget has no property status\.ready in the v1 schema`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget is a kind whose manifest was generated before some fields were
// added.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList contains a list of Widget.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}
