package a

// A resourceVersion copied from the current object on some paths to the
// Update only (datadog-operator's store of desired objects copied it for
// some kinds, and the update of a PodDisruptionBudget was rejected).

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type objStore struct {
	deps map[string]map[string]client.Object
}

func newOf(kind string) client.Object {
	if kind == "Service" {
		return &corev1.Service{}
	}
	return &appsv1.Deployment{}
}

// Copied for one kind, collected, and updated in a second loop.
func (s *objStore) Apply(ctx context.Context, c client.Client) []error {
	var errs []error
	var toUpdate []client.Object
	for kind := range s.deps {
		for id, desired := range s.deps[kind] {
			current := newOf(kind)
			if err := c.Get(ctx, types.NamespacedName{Name: id}, current); err != nil {
				errs = append(errs, err)
				continue
			}
			if kind == "Service" {
				desired.SetResourceVersion(current.GetResourceVersion())
			}
			toUpdate = append(toUpdate, desired)
		}
	}
	for _, obj := range toUpdate {
		if err := c.Update(ctx, obj); err != nil { // want `obj is given a resourceVersion on some paths only \(desired.SetResourceVersion at store.go:\d+\), and on the others Update sends it without one`
			errs = append(errs, err)
		}
	}
	return errs
}

// Copied in one case of a type switch.
func (s *objStore) ApplySwitch(ctx context.Context, c client.Client, desired client.Object) error {
	current := desired.DeepCopyObject().(client.Object)
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	switch d := desired.(type) {
	case *corev1.Service:
		d.Spec.ClusterIP = current.(*corev1.Service).Spec.ClusterIP
		d.ResourceVersion = current.GetResourceVersion()
	case *appsv1.Deployment:
		d.Spec.Paused = false
	}
	return c.Update(ctx, desired) // want `desired is given a resourceVersion on some paths only \(the assignment to d.ResourceVersion at store.go:\d+\)`
}

// Copied on every path: quiet.
func (s *objStore) ApplyEvery(ctx context.Context, c client.Client, desired client.Object, keepIP bool) error {
	current := newOf("Service")
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	if keepIP {
		desired.SetResourceVersion(current.GetResourceVersion())
	} else {
		desired.SetResourceVersion(current.GetResourceVersion())
		desired.SetLabels(nil)
	}
	return c.Update(ctx, desired)
}

// Skipped only where the read failed (the Update then fails with
// NotFound, or the object is created): quiet.
func (s *objStore) ApplyIfRead(ctx context.Context, c client.Client, desired client.Object) error {
	current := newOf("Service")
	err := c.Get(ctx, client.ObjectKeyFromObject(desired), current)
	if err == nil {
		desired.SetResourceVersion(current.GetResourceVersion())
	}
	return c.Update(ctx, desired)
}

// The same through a variable assigned from the read's outcome: quiet.
func (s *objStore) ApplyIfFound(ctx context.Context, c client.Client, desired client.Object) error {
	current := newOf("Service")
	found := true
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		found = err == nil
	}
	if found {
		desired.SetResourceVersion(current.GetResourceVersion())
	}
	return c.Update(ctx, desired)
}

// Copied only when the object has none: quiet.
func (s *objStore) ApplyIfEmpty(ctx context.Context, c client.Client, desired client.Object) error {
	current := newOf("Service")
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	if desired.GetResourceVersion() == "" {
		desired.SetResourceVersion(current.GetResourceVersion())
	}
	return c.Update(ctx, desired)
}

// Copied on some paths, but handed to code opvet cannot see on the
// others, which may set it: quiet.
func (s *objStore) ApplyOrFill(ctx context.Context, c client.Client, desired client.Object, fast bool) error {
	current := newOf("Service")
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	if fast {
		desired.SetResourceVersion(current.GetResourceVersion())
	} else {
		fillFromServer(desired)
	}
	return c.Update(ctx, desired)
}

func fillFromServer(client.Object)

// Cleared on one path, not given one: quiet.
func (s *objStore) ApplyCleared(ctx context.Context, c client.Client, desired *corev1.Service, reset bool) error {
	if reset {
		desired.ResourceVersion = ""
	}
	return c.Update(ctx, desired)
}
