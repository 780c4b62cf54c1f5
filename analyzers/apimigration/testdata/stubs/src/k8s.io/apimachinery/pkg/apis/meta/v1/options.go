// Package v1 stubs the option structs of k8s.io/apimachinery's meta/v1.
package v1

// GetOptions stubs the options of a get.
type GetOptions struct{ ResourceVersion string }

// ListOptions stubs the options of a list.
type ListOptions struct{ LabelSelector string }

// CreateOptions stubs the options of a create.
type CreateOptions struct{ DryRun []string }

// UpdateOptions stubs the options of an update.
type UpdateOptions struct{ DryRun []string }

// PatchOptions stubs the options of a patch.
type PatchOptions struct{ DryRun []string }

// DeleteOptions stubs the options of a delete.
type DeleteOptions struct{ DryRun []string }
