// Package nomod lies in no module of its own (the nearest go.mod is
// opvet's, which does not contain testdata): removals cannot be looked up,
// so "never removed" is not reported.
package nomod

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	corev1 "k8s.io/api/core/v1"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil || s.DeletionTimestamp != nil {
		return ctrl.Result{}, err
	}
	controllerutil.AddFinalizer(s, "nomod.example.com/never")
	controllerutil.AddFinalizer(s, "nodomain") // want `finalizer name "nodomain" is not domain-qualified`
	return ctrl.Result{}, r.Update(ctx, s)
}
