// Package v1 is a stub of client-go's k8s.io/api/batch/v1 informers.
package v1

import (
	"time"

	batchv1 "k8s.io/api/batch/v1"
	"k8s.io/client-go/kubernetes"
	batchv1listers "k8s.io/client-go/listers/batch/v1"
	"k8s.io/client-go/tools/cache"
)

type Interface interface {
	CronJobs() CronJobInformer
}

type CronJobInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() batchv1listers.CronJobLister
}

func NewCronJobInformer(client kubernetes.Interface, namespace string, resyncPeriod time.Duration, indexers cache.Indexers) cache.SharedIndexInformer {
	return nil
}

var _ *batchv1.CronJob
