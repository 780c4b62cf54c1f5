// Package v1 contains the v1 API of released.example.com.
// +kubebuilder:object:generate=true
// +groupName=released.example.com
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group version of this package.
var GroupVersion = schema.GroupVersion{Group: "released.example.com", Version: "v1"}
