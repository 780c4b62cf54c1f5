// Package generic: literals given to generic functions of another
// package run where they are given, with the values of their type
// parameter that the call hands over.
package generic

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
	"statusupdate/each"
)

type Reconciler struct {
	client.Client
}

// markOne sets the status in the callback, then sends the object with a
// plain Update, which drops the status change.
func (r *Reconciler) markOne(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	each.Do([]*v1.Widget{w}, func(x *v1.Widget) { x.Status.Phase = "Ready" })
	return r.Update(ctx, w) // want `statusupdate: .*Status.Phase is written but w is sent only with Update`
}

// markLater: a generic function that is given no Widget cannot call the
// literal with this one: the literal is code opvet cannot see run,
// quiet.
func (r *Reconciler) markLater(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	each.Later(func(x *v1.Widget) { w.Status.Phase = "Ready" })
	return r.Update(ctx, w)
}
