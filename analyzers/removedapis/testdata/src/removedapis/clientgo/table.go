package clientgo

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	batchv1client "k8s.io/client-go/kubernetes/typed/batch/v1"
	batchv1beta1client "k8s.io/client-go/kubernetes/typed/batch/v1beta1"
)

type cronJobLister interface {
	list(ctx context.Context) error
}

type currentLister struct {
	c batchv1client.CronJobInterface
}

func (l currentLister) list(ctx context.Context) error {
	_, err := l.c.List(ctx, metav1.ListOptions{})
	return err
}

type legacyLister struct {
	c batchv1beta1client.CronJobInterface
}

func (l legacyLister) list(ctx context.Context) error {
	_, err := l.c.List(ctx, metav1.ListOptions{})
	return err
}

// Not flagged: a table of the kind's clients keyed by version, from which
// the caller takes the one for the version discovery found (velero's
// ClusterRoleBinding listers): each element is used only where its key
// is looked up, as each branch of a switch.
func cronJobListers(cs kubernetes.Interface) map[string]cronJobLister {
	return map[string]cronJobLister{
		batchv1.SchemeGroupVersion.Version:      currentLister{c: cs.BatchV1().CronJobs("")},
		batchv1beta1.SchemeGroupVersion.Version: legacyLister{c: cs.BatchV1beta1().CronJobs("")},
	}
}

// Flagged: a table without the replacement, and a slice of both, which is
// ranged over, not looked up.
func legacyListers(cs kubernetes.Interface) map[string]cronJobLister {
	return map[string]cronJobLister{
		batchv1beta1.SchemeGroupVersion.Version: legacyLister{c: cs.BatchV1beta1().CronJobs("")}, // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
	}
}

func allListers(cs kubernetes.Interface) []cronJobLister {
	return []cronJobLister{
		currentLister{c: cs.BatchV1().CronJobs("")},
		legacyLister{c: cs.BatchV1beta1().CronJobs("")}, // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
	}
}
