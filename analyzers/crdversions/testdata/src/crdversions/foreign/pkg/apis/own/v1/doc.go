// Package v1 is the module's own API.
// +k8s:deepcopy-gen=package
// +groupName=own.example.com
package v1
