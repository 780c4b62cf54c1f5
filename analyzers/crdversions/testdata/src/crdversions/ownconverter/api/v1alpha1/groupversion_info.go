// Package v1alpha1 contains the v1alpha1 API.
// +kubebuilder:object:generate=true
// +groupName=own.example.com
package v1alpha1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group version of this package.
var GroupVersion = schema.GroupVersion{Group: "own.example.com", Version: "v1alpha1"}
