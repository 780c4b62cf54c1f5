// Package v1alpha2 keeps an old version of Nut outside api/: the
// manifest still serves it, and this type defines it.
// +groupName=versions.example.com
package v1alpha2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Nut is the old version.
type Nut struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
