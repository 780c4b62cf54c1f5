package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"crdcompat/fields/api/shared"
)

// Port is an item of a list map.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}

// Settings is kept as written.
type Settings struct {
	Known string `json:"known,omitempty"`
}

// Sub is a nested struct.
type Sub struct {
	Value int32 `json:"value,omitempty"`
}

// Phase is an enum type.
// +kubebuilder:validation:Enum=Pending;Running;Done
type Phase string

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	Removed string `json:"removed,omitempty"`
	Size    int32  `json:"size,omitempty"`
	Count   string `json:"count,omitempty"`
	Ratio   int32  `json:"ratio,omitempty"`
	// +kubebuilder:validation:Enum=a;b;c
	Mode string `json:"mode,omitempty"`
	// +kubebuilder:validation:Enum=x;y
	Level string `json:"level,omitempty"`
	Tier  string `json:"tier,omitempty"`
	// +kubebuilder:validation:Minimum=1
	Min int32 `json:"min,omitempty"`
	// +kubebuilder:validation:Maximum=10
	Max  int32  `json:"max,omitempty"`
	Name string `json:"name,omitempty"`
	// +kubebuilder:validation:MinItems=1
	Items []string `json:"items,omitempty"`
	Code  string   `json:"code,omitempty"`
	Email string   `json:"email,omitempty"`
	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	Loose string `json:"loose,omitempty"`
	Opt   string `json:"opt,omitempty"`
	Opt2  string `json:"opt2,omitempty"`
	// +nullable
	Nullable  *string `json:"nullable,omitempty"`
	Defaulted string  `json:"defaulted,omitempty"`
	// +kubebuilder:default=1
	Def2 int32 `json:"def2,omitempty"`
	// +kubebuilder:pruning:PreserveUnknownFields
	Config Settings `json:"config,omitempty"`
	// +listType=atomic
	Tags []string `json:"tags,omitempty"`
	// +listType=map
	// +listMapKey=name
	Ports  []Port            `json:"ports,omitempty"`
	Labels map[string]string `json:"labels,omitempty"`
	Region string            `json:"region,omitempty"`
	Zone   string            `json:"zone,omitempty"`
	Shrink []string          `json:"shrink,omitempty"`
	Fine   string            `json:"fine,omitempty"`
	Sub    Sub               `json:"sub,omitempty"`
	Subs   []Sub             `json:"subs,omitempty"`
	Phase  Phase             `json:"phase,omitempty"`
	Common shared.Common     `json:"common,omitempty"`
	Since  metav1.Time       `json:"since,omitempty"`
	Risky  string            `json:"risky,omitempty"`
	// +kubebuilder:default=plain
	Style  string `json:"style,omitempty"`
	Agreed string `json:"agreed,omitempty"`
	// +kubebuilder:validation:XValidation:rule="self.startsWith('a')"
	Either string `json:"either,omitempty"`
	// +kubebuilder:validation:XValidation:rule="self.size() > 2 && self.size() < 10"
	Relaxed string `json:"relaxed,omitempty"`
	// +kubebuilder:validation:XValidation:rule="self.size()<10"
	Reworded string `json:"reworded,omitempty"`
	// +kubebuilder:validation:XValidation:rule="self.size() > 2"
	Tighter string `json:"tighter,omitempty"`
	// +kubebuilder:validation:XValidation:rule="self.startsWith('a')"
	Other string `json:"other,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion

// Widget is the Schema for the widgets API.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}
