package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// Not flagged: the whole status cleared before a plain Update trims what
// is sent, which the Update would ignore anyway (kubevirt HCO's test
// helper UpdateHCO); no plain write is meant to store an empty status.
func updateTrimmed(ctx context.Context, c client.Client, key client.ObjectKey, in *v1.Widget) error {
	w := &v1.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	w.Spec = in.Spec
	w.Status = v1.WidgetStatus{}
	return c.Update(ctx, w)
}

// Flagged: a status cleared and then set, or replaced by one with values.
func updateResetPhase(ctx context.Context, c client.Client, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	w.Status = v1.WidgetStatus{}
	w.Status.Phase = "Pending"
	return c.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

func updateReplacedStatus(ctx context.Context, c client.Client, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	w.Status = v1.WidgetStatus{Phase: "Pending"}
	return c.Update(ctx, w) // want `w.Status is written but w is sent only with Update`
}
