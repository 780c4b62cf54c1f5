// Package v1 contains the v1 API of jet.example.com, whose manifests are
// written by hand: client-gen's and deepcopy-gen's markers only.
// +k8s:deepcopy-gen=package,register
// +groupName=jet.example.com
package v1
