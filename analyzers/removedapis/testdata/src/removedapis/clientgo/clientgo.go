// Package clientgo requires no k8s.io/api: the target is the minor of
// client-go after its replace directive, 1.26.
package clientgo

import (
	"context"

	policyv1beta1api "k8s.io/api/policy/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	policyv1beta1 "k8s.io/client-go/kubernetes/typed/policy/v1beta1"
	"k8s.io/client-go/rest"
)

func list(ctx context.Context, cs kubernetes.Interface) error {
	_, err := cs.BatchV1beta1().CronJobs("").List(ctx, metav1.ListOptions{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so CronJobs\(\) fails on 1.26 \(k8s.io/client-go v0.26.3 in go.mod\)`
	return err
}

// A kind's getter taken from a group accessor and kept in a struct: the
// requests made through the field go to the group version stored here.
type kubeClient struct {
	policyv1beta1.PodDisruptionBudgetsGetter
	other policyv1beta1.PolicyV1beta1Interface
}

func newKubeClient(cs kubernetes.Interface) kubeClient {
	var kc kubeClient
	kc.PodDisruptionBudgetsGetter = cs.PolicyV1beta1() // want `policy/v1beta1 PodDisruptionBudget was removed in Kubernetes 1.25, so PodDisruptionBudgets\(\) fails on 1.26`
	kc.other = cs.PolicyV1beta1()                      // the whole group: each kind is judged where it is used
	return kc
}

// The group's REST client (keel's informers, built with
// cache.NewListWatchFromClient(rc, "cronjobs", ...)): every request made
// through it goes to batch/v1beta1, which 1.26 does not serve.
func cronJobsClient(cs kubernetes.Interface) rest.Interface {
	return cs.BatchV1beta1().RESTClient() // want `batch/v1beta1 was removed in Kubernetes 1.25, so every request through this RESTClient\(\) fails on 1.26 \(k8s.io/client-go v0.26.3 in go.mod\) with "the server could not find the requested resource"; use batch/v1`
}

// Not flagged: batch/v1 is served.
func jobsClient(cs kubernetes.Interface) rest.Interface {
	return cs.BatchV1().RESTClient()
}

// A request that sets its own path (kubemacpool posts
// NetworkAttachmentDefinitions through the extensions group's client):
// RequestURI and AbsPath replace the group version's prefix, so nothing
// goes to batch/v1beta1. Quiet; a request that keeps the prefix is not.
func postByURI(ctx context.Context, cs kubernetes.Interface, body []byte) error {
	if err := cs.BatchV1beta1().RESTClient().Post().RequestURI("/apis/k8s.cni.cncf.io/v1/namespaces/ns/network-attachment-definitions/n").Body(body).Do(ctx).Error(); err != nil {
		return err
	}
	return cs.BatchV1beta1().RESTClient().Delete().AbsPath("/apis/k8s.cni.cncf.io/v1", "namespaces", "ns").Do(ctx).Error()
}

func deleteCronJob(ctx context.Context, cs kubernetes.Interface) error {
	return cs.BatchV1beta1().RESTClient().Delete().Resource("cronjobs").Name("n").Do(ctx).Error() // want `batch/v1beta1 was removed in Kubernetes 1.25, so every request through this RESTClient\(\) fails on 1.26`
}

// A function of the package that sends the object it is given with a
// typed client (volcano's registerMutateWebhook): each call that gives it
// an object of the removed version is reported too, naming the function
// and the request it makes.
func createPDB(ctx context.Context, cs kubernetes.Interface, pdb *policyv1beta1api.PodDisruptionBudget) error {
	_, err := cs.PolicyV1beta1().PodDisruptionBudgets("ns").Create(ctx, pdb, metav1.CreateOptions{}) // want `policy/v1beta1 PodDisruptionBudget was removed in Kubernetes 1.25, so PodDisruptionBudgets\(\) fails on 1.26`
	return err
}

func ensurePDB(ctx context.Context, cs kubernetes.Interface) error {
	return createPDB(ctx, cs, &policyv1beta1api.PodDisruptionBudget{}) // want `policy/v1beta1 PodDisruptionBudget was removed in Kubernetes 1.25, so this createPDB \(which calls Create\) fails on 1.26`
}
