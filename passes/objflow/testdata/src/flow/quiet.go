package flow

// Bool results that say whether a helper did anything to its objects
// (VictoriaMetrics operator's recreateSTSIfNeed creates the desired
// object only where it returns true, and its caller updates it where it
// is false).

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// recreateIfNeeded creates desired only on the paths that return true.
func recreateIfNeeded(ctx context.Context, c client.Client, desired, current *corev1.Service) (bool, error) {
	if desired.Spec.ClusterIP == current.Spec.ClusterIP {
		return false, nil
	}
	if err := c.Delete(ctx, current); err != nil {
		return false, err
	}
	if err := c.Create(ctx, desired); err != nil {
		return false, err
	}
	return true, nil
}

func updateUnlessRecreated(ctx context.Context, c client.Client, desired *corev1.Service) error {
	current := &corev1.Service{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	recreated, err := recreateIfNeeded(ctx, c, desired, current)
	if err != nil {
		return err
	}
	DebugFilled(desired) // want `desired=Param\[Filled\]`
	if !recreated {
		DebugFilled(desired) // want `desired=Param\[Unfilled\]`
		return c.Update(ctx, desired)
	}
	DebugFilled(desired) // want `desired=Param\[Filled\]`
	return nil
}

// created creates obj where it returns true.
func created(ctx context.Context, c client.Client, obj *corev1.Service) bool {
	if obj.Name == "" {
		return false
	}
	return c.Create(ctx, obj) == nil
}

func createdOrUpdated(ctx context.Context, c client.Client, obj *corev1.Service) error {
	if created(ctx, c, obj) {
		DebugFilled(obj) // want `obj=Param\[Filled\]`
		return nil
	}
	DebugFilled(obj) // want `obj=Param\[Filled\]`
	return c.Update(ctx, obj)
}

// createdFirst creates obj and returns true only where it had a name.
func createdFirst(ctx context.Context, c client.Client, obj *corev1.Service) bool {
	if obj.Name == "" {
		return false
	}
	if err := c.Create(ctx, obj); err != nil {
		return false
	}
	return true
}

func createdFirstOrUpdated(ctx context.Context, c client.Client, obj *corev1.Service) error {
	if createdFirst(ctx, c, obj) {
		return nil
	}
	DebugFilled(obj) // want `obj=Param\[Unfilled\]`
	return c.Update(ctx, obj)
}

// labelled changes obj on a path that returns false: not quiet.
func labelled(obj *corev1.Service, c client.Client, ctx context.Context) (bool, error) {
	if obj.Labels == nil {
		obj.ResourceVersion = "1"
		return false, nil
	}
	return true, c.Create(ctx, obj)
}

func updateUnlessLabelled(ctx context.Context, c client.Client, obj *corev1.Service) error {
	ok, err := labelled(obj, c, ctx)
	if err != nil || ok {
		return err
	}
	DebugFilled(obj) // want `obj=Param\[Filled\]`
	return c.Update(ctx, obj)
}
