package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// saveBoth sends the status, then the object: Status().Update replaces w
// with what the server stored, so the Update after it sends the old spec
// and the size set before is lost. Reported in the helper and at its
// call.
func saveBoth(ctx context.Context, c client.Client, w *v1.Widget) error {
	w.Spec.Size = 2
	if err := c.Status().Update(ctx, w); err != nil { // want `w.Spec.Size is written before w is sent with Status\(\).Update, which persists nothing but status because Widget has the status subresource and replaces w with what the server stored, so the write after it sends the old values`
		return err
	}
	return c.Update(ctx, w)
}

func callSaveBoth(ctx context.Context, c client.Client, w *v1.Widget) error {
	return saveBoth(ctx, c, w) // want `w.Spec.Size is written before w is sent with saveBoth`
}
