// Package imported already imports batch/v1: the fix uses it and drops
// the import of batch/v1beta1, whose only use this was.
package imported

import (
	batchv1 "k8s.io/api/batch/v1"
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func setup(mgr ctrl.Manager, r reconcile.Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Owns(&batchv1beta1.CronJob{}). // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
		Complete(r)
}
