// Package patch is a stub of cluster-api's util/deprecated/v1beta1/patch,
// the copy kept for objects of the v1beta1 API: the helper that
// patches an object and its status with the changes made since NewHelper.
package patch

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Helper patches an object with the changes made since NewHelper.
type Helper struct{}

// Option configures a Patch.
type Option interface {
	ApplyToHelper(*HelperOptions)
}

// HelperOptions are the options of a Patch.
type HelperOptions struct{}

// NewHelper returns a helper for obj.
func NewHelper(obj client.Object, crClient client.Client) (*Helper, error) { return &Helper{}, nil }

// Patch sends the changes made to obj, its status included.
func (h *Helper) Patch(ctx context.Context, obj client.Object, opts ...Option) error { return nil }
