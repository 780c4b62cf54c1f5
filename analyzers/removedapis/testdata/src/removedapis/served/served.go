// Package served is built against k8s.io/api v0.24: Kubernetes 1.24
// still serves batch/v1beta1 CronJob (deprecated in 1.21, removed in
// 1.25), so by default nothing is reported; the tests set
// target-kubernetes and deprecated.
package served

import (
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func setup(mgr ctrl.Manager, r reconcile.Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		Owns(&batchv1beta1.CronJob{}).
		Complete(r)
}
