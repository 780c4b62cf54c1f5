// Package v1 contains the v1 API.
// +kubebuilder:object:generate=true
// +groupName=own.example.com
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group version of this package.
var GroupVersion = schema.GroupVersion{Group: "own.example.com", Version: "v1"}
