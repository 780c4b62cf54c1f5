// Package v1alpha1 holds client types of SMI's TrafficSplit, a CRD that the
// service mesh installs.
// +k8s:deepcopy-gen=package
// +groupName=split.smi-spec.io
package v1alpha1
