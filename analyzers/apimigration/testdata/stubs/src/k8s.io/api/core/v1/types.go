// Package v1 stubs k8s.io/api/core/v1.
package v1

// Pod stubs the Pod kind.
type Pod struct{ Name string }

// PodList stubs a list of Pods.
type PodList struct{ Items []Pod }
