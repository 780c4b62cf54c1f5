package a

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The resourceVersion is copied from a copy taken before the Get that read
// the object (crossplane/crossplane-runtime#238): the Update sends the
// resourceVersion the object had before the read.

// Flagged.

func applyStale(ctx context.Context, c client.Client, o client.Object) error {
	current := o.DeepCopyObject()
	if err := c.Get(ctx, client.ObjectKeyFromObject(o), o); err != nil {
		return err
	}
	o.SetResourceVersion(current.(metav1.Object).GetResourceVersion()) // want `o.SetResourceVersion gives o the resourceVersion of current, a copy of o taken at line 17 before c.Get at line 18 read o, so the update at line 22 sends the resourceVersion o had before that read`
	return c.Update(ctx, o)
}

func applyStaleTyped(ctx context.Context, c client.Client, o client.Object) error {
	current := o.DeepCopyObject().(client.Object)
	if err := c.Get(ctx, client.ObjectKeyFromObject(o), o); err != nil {
		return err
	}
	o.SetResourceVersion(current.GetResourceVersion()) // want `o.SetResourceVersion gives o the resourceVersion of current`
	return c.Update(ctx, o)
}

// Not flagged.

// The Get reads into the copy (the fix).
func applyFixed(ctx context.Context, c client.Client, o client.Object) error {
	current := o.DeepCopyObject().(client.Object)
	if err := c.Get(ctx, client.ObjectKeyFromObject(o), current); err != nil {
		return err
	}
	o.SetResourceVersion(current.GetResourceVersion())
	return c.Update(ctx, o)
}

// The copy is taken after the Get.
func copyAfterGet(ctx context.Context, c client.Client, o client.Object) error {
	if err := c.Get(ctx, client.ObjectKeyFromObject(o), o); err != nil {
		return err
	}
	current := o.DeepCopyObject().(client.Object)
	o.SetResourceVersion(current.GetResourceVersion())
	return c.Update(ctx, o)
}

// A second Get reads the object again before the Update.
func readAgain(ctx context.Context, c client.Client, o client.Object) error {
	current := o.DeepCopyObject().(client.Object)
	if err := c.Get(ctx, client.ObjectKeyFromObject(o), o); err != nil {
		return err
	}
	o.SetResourceVersion(current.GetResourceVersion())
	if err := c.Get(ctx, client.ObjectKeyFromObject(o), o); err != nil {
		return err
	}
	return c.Update(ctx, o)
}

// No Update follows.
func staleNotSent(ctx context.Context, c client.Client, o client.Object) error {
	current := o.DeepCopyObject().(client.Object)
	if err := c.Get(ctx, client.ObjectKeyFromObject(o), o); err != nil {
		return err
	}
	o.SetResourceVersion(current.GetResourceVersion())
	return nil
}

// The shape of the real bug: the object is asserted to another interface,
// and the copy is handed to callbacks.
type metaObject interface {
	metav1.Object
	client.Object
}

type applyOption func(ctx context.Context, current, desired client.Object) error

func applyAsserted(ctx context.Context, c client.Client, o client.Object, ao ...applyOption) error {
	m, ok := o.(metaObject)
	if !ok {
		return nil
	}
	current := o.DeepCopyObject().(client.Object)
	if err := c.Get(ctx, client.ObjectKeyFromObject(m), o); err != nil {
		return err
	}
	for _, fn := range ao {
		if err := fn(ctx, current, m); err != nil {
			return err
		}
	}
	m.SetResourceVersion(current.GetResourceVersion()) // want `m.SetResourceVersion gives m the resourceVersion of current, a copy of m taken at line 93 before c.Get at line 94 read m`
	return c.Update(ctx, m)
}
