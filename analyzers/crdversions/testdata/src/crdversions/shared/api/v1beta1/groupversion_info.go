// Package v1beta1 contains the v1beta1 API.
// +kubebuilder:object:generate=true
// +groupName=shared.example.com
package v1beta1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group version of this package.
var GroupVersion = schema.GroupVersion{Group: "shared.example.com", Version: "v1beta1"}
