// Package v1 is a stub of client-go's typed k8s.io/api/batch/v1 clients.
package v1

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

type BatchV1Interface interface {
	RESTClient() rest.Interface
	CronJobsGetter
}

type CronJobsGetter interface {
	CronJobs(namespace string) CronJobInterface
}

type CronJobInterface interface {
	Create(ctx context.Context, cronJob *batchv1.CronJob, opts metav1.CreateOptions) (*batchv1.CronJob, error)
	Update(ctx context.Context, cronJob *batchv1.CronJob, opts metav1.UpdateOptions) (*batchv1.CronJob, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*batchv1.CronJob, error)
	List(ctx context.Context, opts metav1.ListOptions) (*batchv1.CronJobList, error)
}
