package a

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// Not flagged: the plain Update runs only where the status write failed
// with NotFound: where the kind has no status subresource, the plain
// write stores the status; where it has one, the object is gone and the
// Update fails too. No status change is dropped (koperator's
// UpdateBrokerStatus, which retries the same way after a conflict).
func setPhase(ctx context.Context, c client.Client, w *v1.Widget, key client.ObjectKey) error {
	w.Status.Phase = "Ready"
	err := c.Status().Update(ctx, w)
	if apierrors.IsNotFound(err) {
		err = c.Update(ctx, w)
	}
	if err != nil {
		if !apierrors.IsConflict(err) {
			return err
		}
		err := c.Get(ctx, key, w)
		if err != nil {
			return err
		}
		w.Status.Phase = "Ready"
		err = c.Status().Update(ctx, w)
		if apierrors.IsNotFound(err) {
			err = c.Update(ctx, w)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// The same fallback in an if-init.
func setPhaseInit(ctx context.Context, c client.Client, w *v1.Widget) error {
	w.Status.Phase = "Ready"
	if err := c.Status().Update(ctx, w); apierrors.IsNotFound(err) {
		return c.Update(ctx, w)
	} else {
		return err
	}
}

// Flagged: a conflict says the object is there; the plain Update after it
// drops the status change the failed status write did not send.
func setPhaseOnConflict(ctx context.Context, c client.Client, w *v1.Widget) error {
	w.Status.Phase = "Ready"
	if err := c.Status().Update(ctx, w); apierrors.IsConflict(err) {
		return c.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
	}
	return nil
}

// Flagged: the status is changed again after the NotFound, and the plain
// Update drops that change.
func setPhaseAfterNotFound(ctx context.Context, c client.Client, w *v1.Widget) error {
	w.Status.Phase = "Ready"
	if err := c.Status().Update(ctx, w); apierrors.IsNotFound(err) {
		w.Status.Phase = "Gone"
		return c.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
	}
	return nil
}
