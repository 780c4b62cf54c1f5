// Package good holds markers that controller-gen and other tools know.
// +k8s:deepcopy-gen=package,register
// +k8s:openapi-gen=true
// +k8s:conversion-gen=example.com/internal/api
// +k8s:defaulter-gen=TypeMeta
// +groupName=apps.example.com
// +versionName=v1
// +kubebuilder:validation:Required
package good

//go:generate controller-gen object paths=./...

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch
// +kubebuilder:rbac:groups="",resources=pods,verbs={get,list}
//+kubebuilder:rbac:groups=apps.example.com,resources=widgets/status,verbs=get;update;patch

// +kubebuilder:webhook:path=/mutate-apps-v1-widget,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps.example.com,resources=widgets,verbs=create;update,versions=v1,name=mwidget.kb.io,admissionReviewVersions=v1

// +genclient
// +genclient:nonNamespaced
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:resource:path=widgets,scope=Cluster,shortName=wd;wdg,categories={all}
// +kubebuilder:storageversion
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"
// +kubebuilder:printcolumn:JSONPath=".status.phase",name=Phase,type=string
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=https://github.com/x"
// +kubebuilder:deprecatedversion:warning="use v2"
// +kubebuilder:validation:XValidation:rule="self.spec.a == self.spec.b",message="a must equal b"
// +kubebuilder:validation:ExactlyOneOf=a;b
// +operator-sdk:csv:customresourcedefinitions:displayName="Widget"
// +operator-sdk:csv:customresourcedefinitions:resources={{Deployment,v1,widget-operator}}
// +kubebuilder:docs-gen:collapse=Apache License

// Widget is a widget; see +kubebuilder:foo for details (prose).
// +k8s:prerelease-lifecycle-gen:introduced=1.20
type Widget struct {
	// +optional
	// +nullable
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=10
	// +kubebuilder:validation:ExclusiveMaximum=false
	// +kubebuilder:default=3
	// +kubebuilder:example=5
	Replicas *int `json:"replicas,omitempty"`

	// +listType=map
	// +listMapKey=name
	// +patchStrategy=merge
	// +patchMergeKey=name
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:optional
	// +k8s:required
	// +k8s:minItems=1
	// +k8s:maxLength=10
	// +k8s:format=k8s-short-name
	// +k8s:immutable
	// +k8s:item(type: "x")=+k8s:immutable
	// +protobuf=true
	// +union
	// +unionDiscriminator
	// +featureGate=Widgets
	// +kubebuilder:validation:items:Pattern=`^[a-z]+$`
	// +kubebuilder:validation:Enum=a;b;"c d"
	// +kubebuilder:validation:Pattern=`^(\d+)(m|Mi)?$`
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:validation:EmbeddedResource
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Type=object
	// +kubebuilder:title="Items"
	// +required
	// +default=["a"]
	Items []string `json:"items"`

	// +kubebuilder:validation:Optional
	// +kubebuilder:validation:Minimum:=1
	// +kubebuilder:default:={"observedGeneration":-1}
	//
	// Counts: +1 per item, +2 per widget.
	Counts map[string]int `json:"counts"`
}

// +kubebuilder:scaffold:imports
// +kubebuilder:scaffold:scheme

func setup() {
	// +kubebuilder:scaffold:builder
}

var _ = setup
