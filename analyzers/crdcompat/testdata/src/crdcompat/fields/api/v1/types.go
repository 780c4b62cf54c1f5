package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"crdcompat/fields/api/shared"
)

// DefaultStyle is the default of spec.style, as it was.
const DefaultStyle = "plain"

// Port is an item of a list map.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}

// Settings is kept as written.
type Settings struct {
	Known string `json:"known,omitempty"`
}

// Sub is a nested struct, used twice: one finding names both paths.
type Sub struct {
	// +kubebuilder:validation:Minimum=0
	Value int32 `json:"value,omitempty"` // want `Widget v1 \(against v1\.0\.0\): spec\.sub\.value, spec\.subs\[\*\]\.value got the minimum 0, so existing objects whose value the new rule refuses are rejected on their next update \(validation ratcheting spares unchanged fields only from Kubernetes 1\.30 on, where it is on by default\); only loosen validations of a served version, or tighten them in a new version`
}

// Phase is an enum type.
// +kubebuilder:validation:Enum=Pending;Running
type Phase string // want `spec\.phase no longer allows "Done"`

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct { // want `field spec\.removed was removed, so the API server prunes it from existing objects on their next write, and manifests that still set it lose it \(or fail strict field validation\); keep the field and deprecate it, or remove it in a new version with conversion`
	Size  int32   `json:"sizeValue,omitempty"` // want `the JSON name of Size changed from spec\.size to spec\.sizeValue, so existing objects keep size`
	Count int32   `json:"count,omitempty"`     // want `spec\.count changed type from string to integer, so existing objects that set it fail validation`
	Ratio float64 `json:"ratio,omitempty"`     // an integer widened to a number: fine
	// +kubebuilder:validation:Enum=a;b
	Mode string `json:"mode,omitempty"` // want `spec\.mode no longer allows "c"`
	// +kubebuilder:validation:Enum=x;y;z
	Level string `json:"level,omitempty"` // a value added: fine
	// +kubebuilder:validation:Enum=gold;silver
	Tier string `json:"tier,omitempty"` // want `spec\.tier got an enum \("gold", "silver"\)`
	// +kubebuilder:validation:Minimum=5
	Min int32 `json:"min,omitempty"` // want `spec\.min changed its minimum from 1 to 5`
	// +kubebuilder:validation:Maximum=20
	Max int32 `json:"max,omitempty"` // loosened: fine
	// +kubebuilder:validation:MaxLength=63
	Name  string   `json:"name,omitempty"`  // want `spec\.name got the maxLength 63`
	Items []string `json:"items,omitempty"` // MinItems dropped: fine
	// +kubebuilder:validation:Pattern=`^[A-Z]+$`
	Code string `json:"code,omitempty"` // want `spec\.code got the pattern "\^\[A-Z\]\+\$"`
	// +kubebuilder:validation:Format=email
	Email string `json:"email,omitempty"` // want `spec\.email got the format email`
	Loose string `json:"loose,omitempty"` // pattern dropped: fine
	Opt   string `json:"opt"`             // want `spec\.opt became required, so existing objects that leave it unset are rejected on their next update; keep it optional`
	// +kubebuilder:validation:Required
	Opt2 string `json:"opt2,omitempty"` // want `spec\.opt2 became required`
	// +kubebuilder:validation:Required
	NewReq string `json:"newReq"` // want `spec\.newReq was added as a required field without a default, so every existing object, which lacks it, is rejected on its next update`
	// +kubebuilder:default=x
	NewReqDefault string  `json:"newReqDefault"`      // required with a default: fine
	NewOpt        string  `json:"newOpt,omitempty"`   // added and optional: fine
	Nullable      *string `json:"nullable,omitempty"` // want `spec\.nullable is no longer nullable, so existing objects that hold null there are rejected on their next update; keep \+nullable`
	// +kubebuilder:default=foo
	Defaulted string `json:"defaulted,omitempty"` // want `spec\.defaulted got the default "foo", so existing objects that leave it unset take that value when the API server next reads them`
	// +kubebuilder:default=2
	Def2   int32    `json:"def2,omitempty"`   // want `spec\.def2 changed its default from 1 to 2, so existing objects that leave it unset switch to the new value`
	Config Settings `json:"config,omitempty"` // want `spec\.config no longer keeps unknown fields \(x-kubernetes-preserve-unknown-fields\), so the API server prunes every field the schema does not name`
	// +listType=set
	Tags []string `json:"tags,omitempty"` // want `spec\.tags changed its list type from atomic to set`
	// +listType=map
	// +listMapKey=port
	Ports []Port `json:"ports,omitempty"` // want `spec\.ports changed its list map keys from name to port`
	// +mapType=atomic
	Labels map[string]string `json:"labels,omitempty"` // want `spec\.labels changed its map type from granular to atomic`
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="region is immutable"
	Region string `json:"region,omitempty"` // want `spec\.region became immutable \(x-kubernetes-validations rule "self == oldSelf"\), so updates that change it, which the old release accepted, are now rejected`
	// +kubebuilder:validation:XValidation:rule="self.size() < 10"
	Zone string `json:"zone,omitempty"` // want `spec\.zone got the x-kubernetes-validations rule "self\.size\(\) < 10"`
	// +kubebuilder:validation:XValidation:rule="self.size() >= oldSelf.size()"
	Shrink []string      `json:"shrink,omitempty"` // want `spec\.shrink got the transition rule "self\.size\(\) >= oldSelf\.size\(\)", so updates that the rule refuses, which the old release accepted, are now rejected \(rules on oldSelf are never ratcheted\)`
	Fine   string        `json:"fine,omitempty"`
	Sub    Sub           `json:"sub,omitempty"`
	Subs   []Sub         `json:"subs,omitempty"`
	Phase  Phase         `json:"phase,omitempty"`
	Common shared.Common `json:"common,omitempty"` // want `spec\.common\.team got the maxLength 20`
	Since  metav1.Time   `json:"since,omitempty"`
	// +kubebuilder:validation:MinLength=3
	// +opvet:compat:allow=no release ever set it shorter
	Risky string `json:"risky,omitempty"`
	// +kubebuilder:default=ref(crdcompat/fields/api/v1.DefaultStyle)
	Style string `json:"style,omitempty"` // the same default through a constant: fine
	// +kubebuilder:validation:MinLength=3
	// +opvet:compat:allow
	Agreed string `json:"agreed,omitempty"` // want `spec\.agreed got the minLength 3` `\+opvet:compat:allow has no reason, so it allows nothing`
	// An alternative added to the base rule: looser, fine.
	// +kubebuilder:validation:XValidation:rule="self.startsWith('a') || self.startsWith('b')"
	Either string `json:"either,omitempty"`
	// A condition dropped from the base rule: looser, fine.
	// +kubebuilder:validation:XValidation:rule="(self.size() < 10)"
	Relaxed string `json:"relaxed,omitempty"`
	// The same rule, spaced differently: fine.
	// +kubebuilder:validation:XValidation:rule="self.size() < 10"
	Reworded string `json:"reworded,omitempty"`
	// A condition added: tighter.
	// +kubebuilder:validation:XValidation:rule="self.size() > 2 && self.size() < 10"
	Tighter string `json:"tighter,omitempty"` // want `spec\.tighter got the x-kubernetes-validations rule "self\.size\(\) > 2 && self\.size\(\) < 10"`
	// Another rule in place of the base rule: reported.
	// +kubebuilder:validation:XValidation:rule="self.startsWith('a') ? self.size() < 5 : true"
	Other string `json:"other,omitempty"` // want `spec\.other got the x-kubernetes-validations rule`
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
