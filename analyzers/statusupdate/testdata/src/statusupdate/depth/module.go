package depth

// Status helpers of another package of the module, seen through their
// summaries.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
	"statusupdate/conds"
)

// Flagged: the helper's status changes are sent with Update.
func markedThenUpdated(ctx context.Context, c client.Client, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	conds.MarkReady(w)
	return c.Update(ctx, w) // want `w.Status.Ready and w.Status.Conditions are written but w is sent only with Update`
}

// Not flagged: sent with the status writer.
func markedThenStatusUpdated(ctx context.Context, c client.Client, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	conds.MarkReady(w)
	return c.Status().Update(ctx, w)
}

// Not flagged: the helper changes the spec, sent with Update.
func scaledThenUpdated(ctx context.Context, c client.Client, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	if conds.IsReady(w) {
		return nil
	}
	conds.Scale(w, 3)
	return c.Update(ctx, w)
}

// Flagged: a helper of another package that only reads the object does
// not hand it to code that could send it.
func describedThenUpdated(ctx context.Context, c client.Client, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	_ = conds.Describe(w)
	return c.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}
