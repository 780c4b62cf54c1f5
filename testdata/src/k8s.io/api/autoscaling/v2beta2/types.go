// Package v2beta2 is a stub of k8s.io/api/autoscaling/v2beta2 (removed in Kubernetes 1.26).
package v2beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const GroupName = "autoscaling"

var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v2beta2"}

var (
	SchemeBuilder = runtime.NewSchemeBuilder()
	AddToScheme   = SchemeBuilder.AddToScheme
)

type HorizontalPodAutoscaler struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              HorizontalPodAutoscalerSpec `json:"spec,omitempty"`
}

func (in *HorizontalPodAutoscaler) DeepCopyObject() runtime.Object { out := *in; return &out }

type HorizontalPodAutoscalerList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []HorizontalPodAutoscaler `json:"items"`
}

func (in *HorizontalPodAutoscalerList) DeepCopyObject() runtime.Object { out := *in; return &out }

type HorizontalPodAutoscalerSpec struct {
	MinReplicas *int32 `json:"minReplicas,omitempty"`
	MaxReplicas int32  `json:"maxReplicas"`
}
