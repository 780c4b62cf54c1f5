package a

// A helper that creates the desired object only where it returns true
// (VictoriaMetrics operator's recreateSTSIfNeed): where it returns false,
// the caller updates the desired object, which nothing gave a
// resourceVersion.

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func recreateIfNeeded(ctx context.Context, c client.Client, desired, current *appsv1.Deployment) (recreated, podsToo bool, err error) {
	if desired.Spec.Paused == current.Spec.Paused {
		return false, false, nil
	}
	if err := c.Delete(ctx, current); err != nil {
		return false, false, err
	}
	return true, true, c.Create(ctx, desired)
}

func handleUpdate(ctx context.Context, c client.Client, desired *appsv1.Deployment) error {
	var current appsv1.Deployment
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), &current); err != nil {
		return err
	}
	recreated, _, err := recreateIfNeeded(ctx, c, desired, &current)
	if err != nil {
		return err
	}
	if !recreated {
		return c.Update(ctx, desired) // want `desired is sent with Update, but the current object was read into current`
	}
	return nil
}

// The resourceVersion copied where it was not recreated: quiet.
func handleUpdateCopied(ctx context.Context, c client.Client, desired *appsv1.Deployment) error {
	var current appsv1.Deployment
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), &current); err != nil {
		return err
	}
	recreated, _, err := recreateIfNeeded(ctx, c, desired, &current)
	if err != nil {
		return err
	}
	if !recreated {
		desired.ResourceVersion = current.ResourceVersion
		return c.Update(ctx, desired)
	}
	return nil
}
