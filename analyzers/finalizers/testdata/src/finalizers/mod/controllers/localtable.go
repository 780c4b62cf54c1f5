package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
	"finalizers/mod/helpers"
)

// A table of finalizers whose entry type is declared in the function that
// fills it, run by a generic helper of another package whose name says
// nothing of a removal (percona-postgresql-operator's runFinalizers and
// controller.RunFinalizer): the module scan, which has no types, finds
// the entry's fields in the file.
const (
	localTableFinal = "mod.example.com/local-table"
	localTableLost  = "mod.example.com/local-table-lost"
)

type LocalTableReconciler struct{ client.Client }

func (r *LocalTableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.runFinalizers(ctx, w)
	}
	controllerutil.AddFinalizer(w, localTableFinal)
	controllerutil.AddFinalizer(w, localTableLost) // want `finalizer "mod.example.com/local-table-lost" is added but no code in this module removes it`
	return ctrl.Result{}, r.Update(ctx, w)
}

func (r *LocalTableReconciler) runFinalizers(ctx context.Context, w *api.Widget) error {
	type entry struct {
		key string
		fn  func(context.Context, *api.Widget) error
	}
	table := []entry{
		{localTableFinal, r.release},
	}
	for _, e := range table {
		if err := helpers.RunFinalizer(ctx, w, e.key, e.fn); err != nil {
			return err
		}
	}
	// A struct literal of another, unrelated table, whose name field
	// holds no finalizer.
	type other struct{ name, help string }
	_ = []other{{"--flag", localTableLost}}
	return r.Update(ctx, w)
}

func (r *LocalTableReconciler) release(context.Context, *api.Widget) error { return nil }
