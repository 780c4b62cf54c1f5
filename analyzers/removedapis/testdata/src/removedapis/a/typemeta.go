package a

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	policyv1beta1 "k8s.io/api/policy/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// resources is a collection that another package creates: no write of
// its objects is seen here.
type resources struct{ objs []runtime.Object }

func (r *resources) add(o runtime.Object) { r.objs = append(r.objs, o) }

// A removed kind built with its own apiVersion in TypeMeta is built to
// be sent, whatever route it takes.
func buildCronJob(env *resources, name string) {
	cj := batchv1beta1.CronJob{ // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so sending this object \(its TypeMeta sets that apiVersion\) fails on 1.29 \(k8s.io/api v0.29.0 in go.mod\) with no matches for kind "CronJob" in version "batch/v1beta1"; use batch/v1`
		TypeMeta: metav1.TypeMeta{
			Kind:       "CronJob",
			APIVersion: batchv1beta1.SchemeGroupVersion.String(),
		},
		ObjectMeta: metav1.ObjectMeta{Name: name},
	}
	env.add(&cj)
}

// The apiVersion as a string, at package level.
var budget = &policyv1beta1.PodDisruptionBudget{TypeMeta: metav1.TypeMeta{APIVersion: "policy/v1beta1", Kind: "PodDisruptionBudget"}} // want `policy/v1beta1 PodDisruptionBudget was removed in Kubernetes 1.25, so sending this object`

// No TypeMeta: nothing says the object is sent (quiet).
func emptyCronJob() *batchv1beta1.CronJob {
	return &batchv1beta1.CronJob{ObjectMeta: metav1.ObjectMeta{Name: "x"}}
}

// A TypeMeta without apiVersion (quiet).
func kindOnly() *batchv1beta1.CronJob {
	return &batchv1beta1.CronJob{TypeMeta: metav1.TypeMeta{Kind: "CronJob"}}
}

// The current version (quiet).
func current(env *resources) {
	env.add(&batchv1.CronJob{TypeMeta: metav1.TypeMeta{APIVersion: "batch/v1", Kind: "CronJob"}})
}

// The write is seen: one finding, at the write.
func createCronJob(ctx context.Context, c client.Client) error {
	cj := &batchv1beta1.CronJob{TypeMeta: metav1.TypeMeta{APIVersion: "batch/v1beta1", Kind: "CronJob"}}
	return c.Create(ctx, cj) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this Create fails`
}
