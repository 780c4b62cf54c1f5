// Package claimapi declares a kind that keeps its conditions with
// operatorpkg's condition sets (the shape of karpenter's NodeClaim).
package claimapi

import (
	"github.com/awslabs/operatorpkg/status"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Claim has the status subresource.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Claim struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            ClaimStatus `json:"status,omitempty"`
}

type ClaimStatus struct {
	Conditions []status.Condition `json:"conditions,omitempty"`
}

func (in *Claim) DeepCopy() *Claim               { out := *in; return &out }
func (in *Claim) DeepCopyObject() runtime.Object { return in.DeepCopy() }

func (in *Claim) GetConditions() []status.Condition  { return in.Status.Conditions }
func (in *Claim) SetConditions(c []status.Condition) { in.Status.Conditions = c }

func (in *Claim) StatusConditions(opts ...status.Option) status.ConditionSet {
	return status.NewReadyConditions("Launched").For(in, opts...)
}
