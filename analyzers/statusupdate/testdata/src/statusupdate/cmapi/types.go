// Package cmapi holds a kind whose CRD is written by other tools than
// controller-gen: the Go type carries +genclient and
// +kubebuilder:storageversion but no subresource marker, and its CRD has
// the status subresource (cert-manager's API types are so).
package cmapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// RequestSpec is what is asked for.
type RequestSpec struct {
	Request []byte `json:"request"`
}

// RequestStatus is what was issued.
type RequestStatus struct {
	Certificate []byte `json:"certificate,omitempty"`
}

// +genclient
// +kubebuilder:storageversion

// Request asks an issuer for a certificate.
type Request struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RequestSpec   `json:"spec"`
	Status            RequestStatus `json:"status,omitempty"`
}

// DeepCopy copies r.
func (r *Request) DeepCopy() *Request { out := *r; return &out }

// DeepCopyObject copies r.
func (r *Request) DeepCopyObject() runtime.Object { return r.DeepCopy() }
