// Package hub holds the conversion hub of another project's API
// (vendor.example.com), whose CRDs that project ships; this module keeps
// a copy of them for envtest only (cluster-api-provider-vsphere's
// vm-operator hub).
// +kubebuilder:object:generate=true
// +groupName=vendor.example.com
package hub

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group version of this package: a hub, never served.
var GroupVersion = schema.GroupVersion{Group: "vendor.example.com", Version: "hub"}
