// Package v2 contains the v2 API.
// +kubebuilder:object:generate=true
// +groupName=b.example.com
package v2

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group version of this package.
var GroupVersion = schema.GroupVersion{Group: "b.example.com", Version: "v2"}
