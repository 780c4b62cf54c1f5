// Package v1beta1 is a stub of client-go's k8s.io/api/batch/v1beta1 listers.
package v1beta1

import (
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"
)

type CronJobLister interface {
	List(selector labels.Selector) (ret []*batchv1beta1.CronJob, err error)
}

func NewCronJobLister(indexer cache.Indexer) CronJobLister { return nil }
