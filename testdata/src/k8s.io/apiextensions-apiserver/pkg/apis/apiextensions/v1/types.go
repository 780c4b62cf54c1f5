// Package v1 is a stub of k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const GroupName = "apiextensions.k8s.io"

var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1"}

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

type CustomResourceDefinitionSpec struct {
	Group      string                            `json:"group"`
	Names      CustomResourceDefinitionNames     `json:"names"`
	Scope      string                            `json:"scope"`
	Versions   []CustomResourceDefinitionVersion `json:"versions"`
	Conversion *CustomResourceConversion         `json:"conversion,omitempty"`
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

type ConversionStrategyType string

const (
	NoneConverter    ConversionStrategyType = "None"
	WebhookConverter ConversionStrategyType = "Webhook"
)

type CustomResourceConversion struct {
	Strategy ConversionStrategyType `json:"strategy"`
	Webhook  *WebhookConversion     `json:"webhook,omitempty"`
}

type WebhookConversion struct {
	ClientConfig             *WebhookClientConfig `json:"clientConfig,omitempty"`
	ConversionReviewVersions []string             `json:"conversionReviewVersions"`
}

type WebhookClientConfig struct {
	URL      *string `json:"url,omitempty"`
	CABundle []byte  `json:"caBundle,omitempty"`
}
