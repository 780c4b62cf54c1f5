// Package nomod has no go.mod, so no target: quiet.
package nomod

import (
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func setup(mgr ctrl.Manager, r reconcile.Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).Owns(&batchv1beta1.CronJob{}).Complete(r)
}
