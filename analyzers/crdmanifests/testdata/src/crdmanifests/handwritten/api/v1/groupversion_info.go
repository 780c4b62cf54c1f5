// Package v1 contains the v1 API of hand.example.com.
// +kubebuilder:object:generate=true
// +groupName=hand.example.com
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group version of this package.
var GroupVersion = schema.GroupVersion{Group: "hand.example.com", Version: "v1"}
