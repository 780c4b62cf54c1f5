// Package v1 holds the kind Widget, whose CRD crdcompat compares with the
// last release: outside a git repository it cannot, and says so once.
// +groupName=notes.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Size int32 `json:"size,omitempty"`
}
