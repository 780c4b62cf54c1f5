package depth

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"mergefrom/rscope"
)

// Flagged: the accessor of another package of the module returns the
// same pointer for the base and the patched object.
func scopedPatch(ctx context.Context, c client.Client, s *rscope.Scope) error {
	patch := client.MergeFrom(s.Pod()) // want `client.MergeFrom\(s.Pod\(\)\) takes s.Pod\(\) itself as the patch base`
	s.Pod().Labels["x"] = "y"
	return c.Patch(ctx, s.Pod(), patch)
}

// Not flagged: the base is a copy.
func scopedCopyPatch(ctx context.Context, c client.Client, s *rscope.Scope) error {
	patch := client.MergeFrom(s.PodCopy())
	s.Pod().Labels["x"] = "y"
	return c.Patch(ctx, s.Pod(), patch)
}
