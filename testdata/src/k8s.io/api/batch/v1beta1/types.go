// Package v1beta1 is a stub of k8s.io/api/batch/v1beta1 (CronJob, removed in Kubernetes 1.25).
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const GroupName = "batch"

var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1beta1"}

var (
	SchemeBuilder = runtime.NewSchemeBuilder()
	AddToScheme   = SchemeBuilder.AddToScheme
)

type CronJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              CronJobSpec `json:"spec,omitempty"`
}

func (in *CronJob) DeepCopyObject() runtime.Object { out := *in; return &out }

type CronJobList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []CronJob `json:"items"`
}

func (in *CronJobList) DeepCopyObject() runtime.Object { out := *in; return &out }

type CronJobSpec struct {
	Schedule string `json:"schedule"`
	Suspend  *bool  `json:"suspend,omitempty"`
}
