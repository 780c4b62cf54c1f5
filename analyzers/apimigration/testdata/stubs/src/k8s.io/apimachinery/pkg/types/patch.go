// Package types stubs k8s.io/apimachinery/pkg/types.
package types

// PatchType stubs the patch type.
type PatchType string

// MergePatchType stubs the JSON merge patch type.
const MergePatchType PatchType = "application/merge-patch+json"
