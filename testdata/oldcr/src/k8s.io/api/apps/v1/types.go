package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Deployment struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              DeploymentSpec   `json:"spec,omitempty"`
	Status            DeploymentStatus `json:"status,omitempty"`
}

func (in *Deployment) DeepCopy() *Deployment {
	if in == nil {
		return nil
	}
	out := new(Deployment)
	*out = *in
	return out
}

func (in *Deployment) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type DeploymentList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Deployment `json:"items"`
}

func (in *DeploymentList) DeepCopyObject() runtime.Object { out := *in; return &out }

type StatefulSet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              StatefulSetSpec   `json:"spec,omitempty"`
	Status            StatefulSetStatus `json:"status,omitempty"`
}

func (in *StatefulSet) DeepCopy() *StatefulSet {
	if in == nil {
		return nil
	}
	out := new(StatefulSet)
	*out = *in
	return out
}

func (in *StatefulSet) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type StatefulSetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []StatefulSet `json:"items"`
}

func (in *StatefulSetList) DeepCopyObject() runtime.Object { out := *in; return &out }

type DeploymentSpec struct {
	Replicas *int32 `json:"replicas,omitempty"`
	Paused   bool   `json:"paused,omitempty"`
}

type DeploymentStatus struct {
	Replicas          int32              `json:"replicas,omitempty"`
	AvailableReplicas int32              `json:"availableReplicas,omitempty"`
	Conditions        []metav1.Condition `json:"conditions,omitempty"`
}

type StatefulSetSpec struct {
	Replicas *int32 `json:"replicas,omitempty"`
}
type StatefulSetStatus struct {
	Replicas int32 `json:"replicas,omitempty"`
}
