// Package backup imports no controller-runtime or client-go package: it
// reaches the API client through a field of a struct declared in another
// package of the operator.
package backup

import (
	batchv1beta1 "k8s.io/api/batch/v1beta1"

	"removedapis/viafield/backup/state"
)

type scheduler struct {
	st *state.Ctx
}

func (s *scheduler) schedule(name string) error {
	job := batchv1beta1.CronJob{}
	job.Name = name
	job.Spec.Schedule = "0 3 * * *"
	return s.st.Client.Create(s.st.Ctx, &job) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this Create fails on 1.29`
}

func (s *scheduler) unschedule(job *batchv1beta1.CronJob) error {
	return s.st.Client.Delete(s.st.Ctx, job) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this Delete fails on 1.29`
}

func create(c state.Ctx) error {
	return c.Client.Create(c.Ctx, &batchv1beta1.CronJob{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this Create fails on 1.29`
}

// suspended only reads a field in memory: quiet.
func suspended(job *batchv1beta1.CronJob) bool {
	return job.Spec.Suspend != nil && *job.Spec.Suspend
}
