// Package v1 is a stub of k8s.io/api/policy/v1.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const GroupName = "policy"

var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1"}

var (
	SchemeBuilder = runtime.NewSchemeBuilder()
	AddToScheme   = SchemeBuilder.AddToScheme
)

type PodDisruptionBudget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PodDisruptionBudgetSpec `json:"spec,omitempty"`
}

func (in *PodDisruptionBudget) DeepCopyObject() runtime.Object { out := *in; return &out }

type PodDisruptionBudgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []PodDisruptionBudget `json:"items"`
}

func (in *PodDisruptionBudgetList) DeepCopyObject() runtime.Object { out := *in; return &out }

type PodDisruptionBudgetSpec struct {
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
}
