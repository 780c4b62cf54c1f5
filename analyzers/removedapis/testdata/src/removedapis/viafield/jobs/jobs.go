// Package jobs builds CronJobs of a removed version and hands them to
// client wrappers that take runtime.Object.
package jobs

import (
	"context"

	batchv1beta1 "k8s.io/api/batch/v1beta1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"removedapis/viafield/kube"
)

// Flagged: the wrapper of another package of the module creates it.
func schedule(ctx context.Context, c client.Client, name string) error {
	job := &batchv1beta1.CronJob{}
	job.Name = name
	return kube.Apply(ctx, c, job) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this kube.Apply \(which calls Create\) fails on 1.29`
}

// Flagged: the package's own wrapper.
func scheduleLocal(ctx context.Context, c client.Client) error {
	return save(ctx, c, &batchv1beta1.CronJob{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this save \(which calls Update\) fails on 1.29`
}

func save(ctx context.Context, c client.Client, obj runtime.Object) error {
	return c.Update(ctx, obj.(client.Object))
}

// Not flagged: the helper only reads the object.
func describe() string {
	return kube.Describe(&batchv1beta1.CronJob{})
}
