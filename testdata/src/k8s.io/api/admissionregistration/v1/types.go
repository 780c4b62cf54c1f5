// Package v1 is a stub of k8s.io/api/admissionregistration/v1.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const GroupName = "admissionregistration.k8s.io"

var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1"}

type MutatingWebhookConfiguration struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Webhooks          []MutatingWebhook `json:"webhooks,omitempty"`
}

func (in *MutatingWebhookConfiguration) DeepCopyObject() runtime.Object { out := *in; return &out }

type ValidatingWebhookConfiguration struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Webhooks          []ValidatingWebhook `json:"webhooks,omitempty"`
}

func (in *ValidatingWebhookConfiguration) DeepCopyObject() runtime.Object { out := *in; return &out }

type MutatingWebhook struct {
	Name                    string                  `json:"name"`
	ClientConfig            WebhookClientConfig     `json:"clientConfig"`
	Rules                   []RuleWithOperations    `json:"rules,omitempty"`
	FailurePolicy           *FailurePolicyType      `json:"failurePolicy,omitempty"`
	NamespaceSelector       *metav1.LabelSelector   `json:"namespaceSelector,omitempty"`
	SideEffects             *SideEffectClass        `json:"sideEffects"`
	TimeoutSeconds          *int32                  `json:"timeoutSeconds,omitempty"`
	AdmissionReviewVersions []string                `json:"admissionReviewVersions"`
	ReinvocationPolicy      *ReinvocationPolicyType `json:"reinvocationPolicy,omitempty"`
}

type ValidatingWebhook struct {
	Name                    string                `json:"name"`
	ClientConfig            WebhookClientConfig   `json:"clientConfig"`
	Rules                   []RuleWithOperations  `json:"rules,omitempty"`
	FailurePolicy           *FailurePolicyType    `json:"failurePolicy,omitempty"`
	NamespaceSelector       *metav1.LabelSelector `json:"namespaceSelector,omitempty"`
	SideEffects             *SideEffectClass      `json:"sideEffects"`
	TimeoutSeconds          *int32                `json:"timeoutSeconds,omitempty"`
	AdmissionReviewVersions []string              `json:"admissionReviewVersions"`
}

type FailurePolicyType string

const (
	Ignore FailurePolicyType = "Ignore"
	Fail   FailurePolicyType = "Fail"
)

type SideEffectClass string

const (
	SideEffectClassUnknown      SideEffectClass = "Unknown"
	SideEffectClassNone         SideEffectClass = "None"
	SideEffectClassSome         SideEffectClass = "Some"
	SideEffectClassNoneOnDryRun SideEffectClass = "NoneOnDryRun"
)

type WebhookClientConfig struct {
	URL      *string           `json:"url,omitempty"`
	Service  *ServiceReference `json:"service,omitempty"`
	CABundle []byte            `json:"caBundle,omitempty"`
}

type ServiceReference struct {
	Namespace string  `json:"namespace"`
	Name      string  `json:"name"`
	Path      *string `json:"path,omitempty"`
	Port      *int32  `json:"port,omitempty"`
}

type ReinvocationPolicyType string

const (
	NeverReinvocationPolicy    ReinvocationPolicyType = "Never"
	IfNeededReinvocationPolicy ReinvocationPolicyType = "IfNeeded"
)

type RuleWithOperations struct {
	Operations []OperationType `json:"operations,omitempty"`
	Rule       `json:",inline"`
}

type Rule struct {
	APIGroups   []string `json:"apiGroups,omitempty"`
	APIVersions []string `json:"apiVersions,omitempty"`
	Resources   []string `json:"resources,omitempty"`
}

type OperationType string

const (
	Create OperationType = "CREATE"
	Update OperationType = "UPDATE"
)
