package jobs

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"removedapis/viafield/kube"
)

// deepCopy is the project's copy helper (tidb-operator's
// DeepCopyClientObject): its result is a copy of its parameter.
func deepCopy(obj client.Object) client.Object {
	return obj.DeepCopyObject().(client.Object)
}

// copyingControl creates a copy of what it is given, so that the
// client's in-place changes stay off the caller's object.
type copyingControl struct{ c client.Client }

func (r *copyingControl) apply(ctx context.Context, obj client.Object) error {
	desired := deepCopy(obj)
	return r.c.Create(ctx, desired)
}

// logOnly copies the object and writes nothing.
func (r *copyingControl) logOnly(obj client.Object) string {
	return deepCopy(obj).GetName()
}

// other writes a new object of a served version, not the copy.
func (r *copyingControl) other(ctx context.Context, obj client.Object) error {
	_ = deepCopy(obj)
	return r.c.Create(ctx, &batchv1.CronJob{})
}

// applyCronJob is the typed wrapper around apply.
func (r *copyingControl) applyCronJob(ctx context.Context, cj *batchv1beta1.CronJob) error {
	return r.apply(ctx, cj) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this r.apply \(which calls Create\) fails on 1.29`
}

// Flagged: the copy that apply creates has the CronJob's kind.
func scheduleCopy(ctx context.Context, r *copyingControl) error {
	return r.apply(ctx, &batchv1beta1.CronJob{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this r.apply \(which calls Create\) fails on 1.29`
}

// Not flagged: other writes a new object, not a copy of what it is given.
func scheduleOther(ctx context.Context, r *copyingControl) error {
	return r.other(ctx, &batchv1beta1.CronJob{})
}

// Not flagged: the copy is only read.
func describeCopy(r *copyingControl) string {
	return r.logOnly(&batchv1beta1.CronJob{})
}

// Flagged: the wrapper of another package creates a copy (the facts
// carry the copy write).
func scheduleCopyElsewhere(ctx context.Context, c client.Client) error {
	return kube.ApplyCopy(ctx, c, &batchv1beta1.CronJob{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this kube.ApplyCopy \(which calls Create\) fails on 1.29`
}

// Flagged: the copy helper of another package returns client.Object,
// but what is created is a copy of the CronJob.
func createCopy(ctx context.Context, c client.Client, cj *batchv1beta1.CronJob) error {
	return c.Create(ctx, kube.Copy(cj)) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this Create fails on 1.29`
}

// Flagged: so does the package's own helper.
func updateCopy(ctx context.Context, c client.Client) error {
	return c.Update(ctx, deepCopy(&batchv1beta1.CronJob{})) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this Update fails on 1.29`
}

// Not flagged: Fresh builds an object of its own; what it is given says
// nothing of its kind.
func createFresh(ctx context.Context, c client.Client, cj *batchv1beta1.CronJob) error {
	return c.Create(ctx, kube.Fresh(cj))
}
