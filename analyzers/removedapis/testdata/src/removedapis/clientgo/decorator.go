package clientgo

import (
	batchv1beta1 "k8s.io/client-go/kubernetes/typed/batch/v1beta1"
	"k8s.io/client-go/rest"
)

// withMetrics decorates a group's client (kyverno's generated metrics,
// tracing and logging wrappers cover every group version): forwarding a
// kind accessor makes no request; its callers' calls through the
// interface are judged.
type withMetrics struct {
	inner batchv1beta1.BatchV1beta1Interface
	calls int
}

func (c *withMetrics) CronJobs(namespace string) batchv1beta1.CronJobInterface {
	c.calls++
	return c.inner.CronJobs(namespace)
}

func (c *withMetrics) RESTClient() rest.Interface { return c.inner.RESTClient() }

var _ batchv1beta1.BatchV1beta1Interface = &withMetrics{}

// A method of the same name on a type that is no client of the group
// (it lacks RESTClient) makes the request itself.
type reports struct {
	cs batchv1beta1.BatchV1beta1Interface
}

func (r *reports) CronJobs(namespace string) batchv1beta1.CronJobInterface {
	return r.cs.CronJobs(namespace) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so CronJobs\(\) fails on 1.26`
}

// Another method of the decorator: reported.
func (c *withMetrics) jobs(namespace string) batchv1beta1.CronJobInterface {
	return c.inner.CronJobs(namespace) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so CronJobs\(\) fails on 1.26`
}
