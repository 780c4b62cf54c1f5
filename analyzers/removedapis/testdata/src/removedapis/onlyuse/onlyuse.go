// Package onlyuse imports batch/v1beta1 for its watch alone: the fix
// replaces the import.
package onlyuse

import (
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func setup(mgr ctrl.Manager, r reconcile.Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		Owns(&batchv1beta1.CronJob{}). // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
		Complete(r)
}
