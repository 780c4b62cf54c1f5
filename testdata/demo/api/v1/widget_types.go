package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// WidgetSpec defines the desired state of Widget.
type WidgetSpec struct {
	// Size is the number of replicas of the widget's backing Deployment.
	// +kubebuilder:validation:Minimum=0
	// +optional
	Size int32 `json:"size,omitempty"`

	// Message is rendered into the widget's ConfigMap.
	// +optional
	Message string `json:"message,omitempty"`

	// Paused stops reconciliation of the widget's children.
	// +optional
	Paused bool `json:"paused,omitempty"`
}

// WidgetStatus defines the observed state of Widget.
type WidgetStatus struct {
	// Ready is true once the widget's ConfigMap exists.
	// +optional
	Ready bool `json:"ready,omitempty"`

	// ObservedGeneration is the generation last reconciled.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`

	// Conditions describe the widget's state.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
// +kubebuilder:resource:shortName=wd
// +kubebuilder:printcolumn:name="Ready",type=boolean,JSONPath=`.status.ready`

// Widget is the Schema for the widgets API.
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

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
