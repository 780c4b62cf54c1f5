package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
	"finalizers/mod/helpers"
)

// Finalizers run from a table of unkeyed entries
// (percona-postgresql-operator's runFinalizers): the name reaches the
// removal through the entry's field.
const (
	tableFinalizer      = "mod.example.com/table"
	tableInlineFinal    = "mod.example.com/table-inline"
	tableForgottenFinal = "mod.example.com/table-forgotten"
)

type finalizerEntry struct {
	name string
	run  func(context.Context) error
}

type TableReconciler struct{ client.Client }

func (r *TableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		for _, e := range []finalizerEntry{{tableFinalizer, r.stop}} {
			if err := e.run(ctx); err != nil {
				return ctrl.Result{}, err
			}
			if helpers.Drop(w, e.name) {
				if err := r.Update(ctx, w); err != nil {
					return ctrl.Result{}, err
				}
			}
		}
		for _, e := range []struct{ name string }{{tableInlineFinal}} {
			if controllerutil.RemoveFinalizer(w, e.name) {
				return ctrl.Result{}, r.Update(ctx, w)
			}
		}
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(w, tableFinalizer)
	controllerutil.AddFinalizer(w, tableInlineFinal)
	controllerutil.AddFinalizer(w, tableForgottenFinal) // want `finalizer "mod.example.com/table-forgotten" is added but no code in this module removes it`
	return ctrl.Result{}, r.Update(ctx, w)
}

func (r *TableReconciler) stop(context.Context) error { return nil }
