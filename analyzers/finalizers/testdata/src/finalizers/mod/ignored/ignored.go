// Package ignored adds finalizers that other components remove.
package ignored

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil || !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, err
	}
	controllerutil.AddFinalizer(w, "storage.example.com/owned") // owned by the storage driver (ignore option)
	controllerutil.AddFinalizer(w, "owned")                     // owned by another controller (ignore option)
	controllerutil.AddFinalizer(w, "mod.example.com/mine")      // want `finalizer "mod.example.com/mine" is added but no code in this module removes it`
	return ctrl.Result{}, r.Update(ctx, w)
}
