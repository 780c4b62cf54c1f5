// Package v1beta1 is a stub of client-go's typed k8s.io/api/batch/v1beta1 clients.
package v1beta1

import (
	"context"

	batchv1beta1 "k8s.io/api/batch/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

type BatchV1beta1Interface interface {
	RESTClient() rest.Interface
	CronJobsGetter
}

type CronJobsGetter interface {
	CronJobs(namespace string) CronJobInterface
}

type CronJobInterface interface {
	Create(ctx context.Context, cronJob *batchv1beta1.CronJob, opts metav1.CreateOptions) (*batchv1beta1.CronJob, error)
	Update(ctx context.Context, cronJob *batchv1beta1.CronJob, opts metav1.UpdateOptions) (*batchv1beta1.CronJob, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*batchv1beta1.CronJob, error)
	List(ctx context.Context, opts metav1.ListOptions) (*batchv1beta1.CronJobList, error)
}
