package a

import (
	"context"
	"time"

	"github.com/pkg/errors"
	ctrl "sigs.k8s.io/controller-runtime"

	v1 "example.com/operator/api/v1"
)

// github.com/pkg/errors' Wrap and Wrapf return nil for a nil error: a
// requeue returned with the wrapped error of a check that passed is
// honoured (rook's mirror peer and subvolume group controllers, kserve's
// inference graph).
func (r *RuleReconciler) waitReady(ctx context.Context, w *v1.Widget) (ctrl.Result, error) {
	err := r.Update(ctx, w)
	if err != nil {
		return ctrl.Result{}, errors.Wrap(err, "update")
	}
	if !w.Status.Ready {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, errors.Wrapf(err, "%s not ready", w.Name)
	}
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, errors.Wrap(err, "second update") // want `is returned with a non-nil error`
	}
	return ctrl.Result{}, nil
}
