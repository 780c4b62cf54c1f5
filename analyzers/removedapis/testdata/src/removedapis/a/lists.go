package a

import (
	"context"
	"fmt"

	batchv1 "k8s.io/api/batch/v1"
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A version gate whose branches name only the kinds' List types (tigera
// operator's hasPendingCSR, ListManagedValidating): the List type of the
// replacement is a use of it, so the removed version's branch is the
// fallback for old clusters. Quiet.

func (r *Reconciler) countCronJobs(ctx context.Context, v1Served bool) (int, error) {
	if v1Served {
		return countCronJobsV1(ctx, r.Client)
	}
	return countCronJobsV1beta1(ctx, r.Client)
}

func countCronJobsV1(ctx context.Context, c client.Client) (int, error) {
	l := &batchv1.CronJobList{}
	err := c.List(ctx, l)
	return len(l.Items), err
}

func countCronJobsV1beta1(ctx context.Context, c client.Client) (int, error) {
	l := &batchv1beta1.CronJobList{}
	err := c.List(ctx, l)
	return len(l.Items), err
}

func (r *Reconciler) cronJobsByVersion(ctx context.Context, version string) (int, error) {
	switch version {
	case "v1":
		l := &batchv1.CronJobList{}
		err := r.List(ctx, l)
		return len(l.Items), err
	case "v1beta1":
		l := &batchv1beta1.CronJobList{}
		err := r.List(ctx, l)
		return len(l.Items), err
	}
	return 0, fmt.Errorf("unsupported version %q", version)
}

// The other branch lists Jobs, not CronJobs: no replacement there.
func (r *Reconciler) jobsOrCronJobs(ctx context.Context, jobs bool) (int, error) {
	if jobs {
		l := &batchv1.JobList{}
		err := r.List(ctx, l)
		return len(l.Items), err
	}
	l := &batchv1beta1.CronJobList{}
	err := r.List(ctx, l) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
	return len(l.Items), err
}
