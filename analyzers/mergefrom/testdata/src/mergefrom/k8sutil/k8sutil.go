// Package k8sutil holds patch helpers in a package of their own: callers
// in other packages of the module see what they do through their
// summaries (the shape of intel/trusted-certificate-issuer#28, where a
// controller called the helper of another package).
package k8sutil

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Finalizer is the finalizer the helpers remove.
const Finalizer = "example.com/f"

// UnsetFinalizer reads the object, removes the finalizer and sends the
// patch it is given.
func UnsetFinalizer(ctx context.Context, c client.Client, obj client.Object, patch client.Patch) error {
	if err := client.IgnoreNotFound(c.Get(ctx, client.ObjectKeyFromObject(obj), obj)); err != nil {
		return err
	}
	var kept []string
	for _, f := range obj.GetFinalizers() {
		if f != Finalizer {
			kept = append(kept, f)
		}
	}
	obj.SetFinalizers(kept)
	return c.Patch(ctx, obj, patch)
}

// SendPatch only sends the patch it is given: the changes are the
// caller's.
func SendPatch(ctx context.Context, c client.Client, obj client.Object, patch client.Patch) error {
	return c.Patch(ctx, obj, patch)
}

// UnsetWithOwnPatch replaces the patch it is given with one on a copy
// before it changes the object.
func UnsetWithOwnPatch(ctx context.Context, c client.Client, obj client.Object, patch client.Patch) error {
	patch = client.MergeFrom(obj.DeepCopyObject().(client.Object))
	obj.SetFinalizers(nil)
	return c.Patch(ctx, obj, patch)
}
