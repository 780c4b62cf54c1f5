package clientgo

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// Not flagged: the discovery check is nested in a feature gate's if that
// falls through to the replacement (open-cluster-management's CSR
// informers).
func nestedInformer(f informers.SharedInformerFactory, gate, v1Served, v1beta1Served bool) cache.SharedIndexInformer {
	if gate {
		if !v1Served && v1beta1Served {
			return f.Batch().V1beta1().CronJobs().Informer()
		}
	}
	return f.Batch().V1().CronJobs().Informer()
}

// Flagged: what runs after the nested check does not use the
// replacement.
func nestedAlone(f informers.SharedInformerFactory, gate, v1beta1Served bool) cache.SharedIndexInformer {
	if gate {
		if v1beta1Served {
			return f.Batch().V1beta1().CronJobs().Informer() // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
		}
	}
	return nil
}

// A legacy implementation built only where discovery found the removed
// version, called through an interface (open-cluster-management's CSR
// approvers).
type cronDeleter interface {
	deleteAll(ctx context.Context) error
}

type legacyDeleter struct{ cs kubernetes.Interface }

// Not flagged: its type is built only beside the replacement.
func (d *legacyDeleter) deleteAll(ctx context.Context) error {
	return d.cs.BatchV1beta1().CronJobs("").Delete(ctx, "a", metav1.DeleteOptions{})
}

type currentDeleter struct{ cs kubernetes.Interface }

func (d *currentDeleter) deleteAll(ctx context.Context) error {
	return d.cs.BatchV1().CronJobs("").Delete(ctx, "a", metav1.DeleteOptions{})
}

func newDeleter(cs kubernetes.Interface, v1Served bool) cronDeleter {
	if !v1Served {
		return &legacyDeleter{cs: cs}
	}
	return &currentDeleter{cs: cs}
}

type staleDeleter struct{ cs kubernetes.Interface }

// Flagged: its type is also built where nothing chooses.
func (d *staleDeleter) deleteAll(ctx context.Context) error {
	return d.cs.BatchV1beta1().CronJobs("").Delete(ctx, "a", metav1.DeleteOptions{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
}

func newStaleDeleter(cs kubernetes.Interface, v1Served bool) cronDeleter {
	if !v1Served {
		return &staleDeleter{cs: cs}
	}
	return &currentDeleter{cs: cs}
}

func anyDeleter(cs kubernetes.Interface) cronDeleter { return &staleDeleter{cs: cs} }

type legacyBuiltDeleter struct{ cs kubernetes.Interface }

// Not flagged: its type is built by a constructor called only beside the
// replacement, and the use is in a closure it returns.
func (d *legacyBuiltDeleter) deleteAll(ctx context.Context) error {
	del := func() error {
		return d.cs.BatchV1beta1().CronJobs("").Delete(ctx, "a", metav1.DeleteOptions{})
	}
	return del()
}

func newLegacyBuiltDeleter(cs kubernetes.Interface) cronDeleter {
	return &legacyBuiltDeleter{cs: cs}
}

func chooseDeleter(cs kubernetes.Interface, gate, v1Served bool) cronDeleter {
	if gate {
		if !v1Served {
			return newLegacyBuiltDeleter(cs)
		}
	}
	return &currentDeleter{cs: cs}
}

// A compile-time check that the legacy type implements the interface
// builds a value nothing runs.
var _ cronDeleter = &legacyBuiltDeleter{}
