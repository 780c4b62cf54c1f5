// +groupName=apps.example.com
// +kubebuilder:object:generate=true
package a

// +kubebuilder:object:root=true
/* want `controller-gen does not know the marker \+kubebuilder:subresource:staus and silently ignores it; write \+kubebuilder:subresource:status` */ // +kubebuilder:subresource:staus
/* want `controller-gen does not know the marker \+kubebuilder:storageVersion and silently ignores it; write \+kubebuilder:storageversion` */ // +kubebuilder:storageVersion
/* want `controller-gen does not know the marker \+kubebuilder:printcolum:name="Age",type="date",JSONPath=".metadata.creationTimestamp" and silently ignores it; write \+kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"` */ // +kubebuilder:printcolum:name="Age",type="date",JSONPath=".metadata.creationTimestamp"
/* want `controller-gen does not know the marker \+kubebuidler:resource:scope=Cluster and silently ignores it; write \+kubebuilder:resource:scope=Cluster` */ //+kubebuidler:resource:scope=Cluster

// Widget is a widget.
type Widget struct {
	Spec WidgetSpec `json:"spec"`
}

/* want `\+kubebuilder:object:root=ture is not a boolean, so controller-gen fails on this marker; write \+kubebuilder:object:root=true` */ // +kubebuilder:object:root=ture

// WidgetList is a list.
type WidgetList struct{}

// WidgetSpec is the spec.
type WidgetSpec struct {
	/* want `controller-gen does not know the marker \+kubebuilder:validation:Minimun=1 and silently ignores it; write \+kubebuilder:validation:Minimum=1` */ // +kubebuilder:validation:Minimun=1
	/* want `controller-gen does not know the marker \+kubebuilder:validation:maximum=5 and silently ignores it; write \+kubebuilder:validation:Maximum=5` */ // +kubebuilder:validation:maximum=5
	/* want `controller-gen does not know the marker \+kubebuilder:validation:MaxLength:10 and silently ignores it; write \+kubebuilder:validation:MaxLength=10` */ // +kubebuilder:validation:MaxLength:10
	/* want `controller-gen does not know the marker \+optinal and silently ignores it; write \+optional` */ // +optinal
	Replicas                                                                                                 int `json:"replicas"`

	/* want `controller-gen does not know the marker \+kubebuilder:validation:Frobnicate and silently ignores it; use a marker that .controller-gen crd -w. lists, or delete it` */ // +kubebuilder:validation:Frobnicate=3
	/* want `controller-gen does not know the marker \+listtype=map and silently ignores it; write \+listType=map` */ // +listtype=map
	// +kubebuilder:default:=3
	Items []string `json:"items"`

	// A misspelled marker whose meaning holds anyway: the message says
	// the fix changes nothing in the CRD.
	// +optional
	/* want `controller-gen does not know the marker \+kubebuilder:validation:optional and silently ignores it; write \+kubebuilder:validation:Optional \(the field is optional anyway, by \+optional beside it: the fix changes nothing in the CRD\)` */ // +kubebuilder:validation:optional
	CAKey                                                                                                                                                                                                                                                 string `json:"caKey"`

	/* want `write \+kubebuilder:validation:Optional \(the field is optional anyway, by omitempty in its json tag: the fix changes nothing in the CRD\)` */ // +kubebuilder:validation:optional
	CAName                                                                                                                                                  string `json:"caName,omitempty"`

	/* want `write \+kubebuilder:validation:Required$` */ // +kubebuilder:validation:required
	CertName                                              string `json:"certName,omitempty"`

	// +optional: set by the defaulting webhook
	// +kubebuilder:validation:Optional // want `controller-gen reads the text after \+kubebuilder:validation:Optional as part of the marker's name and ignores the whole marker`
	Note string `json:"note"`
}

/* want `controller-gen has no marker \+kubebuilder:conversion:strategy and ignores it, so the CRD gets no conversion settings from it; set the conversion strategy in the CRD's spec.conversion` */ // +kubebuilder:conversion:strategy=Webhook

// Other is another type.
type Other struct{}
