// Package v1beta1 is a stub of apiextensions.k8s.io/v1beta1 (removed in Kubernetes 1.22).
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const GroupName = "apiextensions.k8s.io"

var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1beta1"}

var (
	SchemeBuilder = runtime.NewSchemeBuilder()
	AddToScheme   = SchemeBuilder.AddToScheme
)

type CustomResourceDefinition struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              CustomResourceDefinitionSpec `json:"spec"`
}

func (in *CustomResourceDefinition) DeepCopyObject() runtime.Object { out := *in; return &out }

type CustomResourceDefinitionList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []CustomResourceDefinition `json:"items"`
}

func (in *CustomResourceDefinitionList) DeepCopyObject() runtime.Object { out := *in; return &out }

type CustomResourceDefinitionSpec struct {
	Group        string                            `json:"group"`
	Version      string                            `json:"version,omitempty"`
	Names        CustomResourceDefinitionNames     `json:"names"`
	Scope        string                            `json:"scope"`
	Subresources *CustomResourceSubresources       `json:"subresources,omitempty"`
	Versions     []CustomResourceDefinitionVersion `json:"versions,omitempty"`
}

type CustomResourceDefinitionNames struct {
	Plural   string `json:"plural"`
	Singular string `json:"singular,omitempty"`
	Kind     string `json:"kind"`
}

type CustomResourceDefinitionVersion struct {
	Name         string                      `json:"name"`
	Served       bool                        `json:"served"`
	Storage      bool                        `json:"storage"`
	Subresources *CustomResourceSubresources `json:"subresources,omitempty"`
}

type CustomResourceSubresources struct {
	Status *CustomResourceSubresourceStatus `json:"status,omitempty"`
}

type CustomResourceSubresourceStatus struct{}
