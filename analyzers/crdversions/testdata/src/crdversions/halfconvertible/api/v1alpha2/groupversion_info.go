// Package v1alpha2 contains the v1alpha2 API.
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1alpha2

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group version of this package.
var GroupVersion = schema.GroupVersion{Group: "example.com", Version: "v1alpha2"}
