// Package v1beta1 is the v1beta1 API of jet.example.com, whose manifest is written
// by hand: client-gen's and deepcopy-gen's markers only.
// +k8s:deepcopy-gen=package
// +groupName=jet.example.com
package v1beta1
