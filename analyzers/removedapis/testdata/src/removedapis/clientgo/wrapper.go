package clientgo

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// cronJobs serves CronJobs from the version the cluster serves: legacy is
// set from discovery, on clusters older than 1.21 (argo-rollouts'
// ingress wrapper).
type cronJobs struct {
	cs     kubernetes.Interface
	legacy bool
}

// Not flagged: each version is reached from one branch of a choice whose
// other branch uses the replacement.
func (w *cronJobs) list(ctx context.Context) error {
	if w.legacy {
		return w.listLegacy(ctx)
	}
	return w.listCurrent(ctx)
}

func (w *cronJobs) listCurrent(ctx context.Context) error {
	_, err := w.cs.BatchV1().CronJobs("").List(ctx, metav1.ListOptions{})
	return err
}

func (w *cronJobs) listLegacy(ctx context.Context) error {
	_, err := w.cs.BatchV1beta1().CronJobs("").List(ctx, metav1.ListOptions{})
	return err
}

// Not flagged: the informer of the version the cluster serves.
func informer(f informers.SharedInformerFactory, legacy bool) cache.SharedIndexInformer {
	switch {
	case legacy:
		return f.Batch().V1beta1().CronJobs().Informer()
	default:
		return f.Batch().V1().CronJobs().Informer()
	}
}

// Flagged: the legacy helper is also called where nothing chooses.
func (w *cronJobs) count(ctx context.Context) error {
	return w.deleteLegacy(ctx)
}

func (w *cronJobs) deleteLegacy(ctx context.Context) error {
	return w.cs.BatchV1beta1().CronJobs("").Delete(ctx, "a", metav1.DeleteOptions{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
}

func (w *cronJobs) remove(ctx context.Context) error {
	if w.legacy {
		return w.deleteLegacy(ctx)
	}
	return w.cs.BatchV1().CronJobs("").Delete(ctx, "a", metav1.DeleteOptions{})
}
