// Package v1alpha1 is an API group written before CRD manifests were
// generated: its CustomResourceDefinitions are built in Go next to the
// types, and nothing else in the module declares them.
// +groupName=core.example.com
package v1alpha1
