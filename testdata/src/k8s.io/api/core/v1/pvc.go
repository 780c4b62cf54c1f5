package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type ResourceName string

const ResourceStorage ResourceName = "storage"

type ResourceList map[ResourceName]resource.Quantity

func (rl *ResourceList) Storage() *resource.Quantity {
	if val, ok := (*rl)[ResourceStorage]; ok {
		return &val
	}
	return &resource.Quantity{}
}

type VolumeResourceRequirements struct {
	Requests ResourceList `json:"requests,omitempty"`
}

type PersistentVolumeClaim struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PersistentVolumeClaimSpec   `json:"spec,omitempty"`
	Status            PersistentVolumeClaimStatus `json:"status,omitempty"`
}

func (in *PersistentVolumeClaim) DeepCopyObject() runtime.Object { out := *in; return &out }

type PersistentVolumeClaimSpec struct {
	Resources VolumeResourceRequirements `json:"resources,omitempty"`
}

type PersistentVolumeClaimStatus struct {
	Capacity ResourceList `json:"capacity,omitempty"`
}
