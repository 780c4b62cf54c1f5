package a

import (
	"context"
	"os"
	"time"

	batchv1beta1 "k8s.io/api/batch/v1beta1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/informers"
	infbatchv1beta1 "k8s.io/client-go/informers/batch/v1beta1"
	"k8s.io/client-go/kubernetes"
	listbatchv1beta1 "k8s.io/client-go/listers/batch/v1beta1"
	"k8s.io/client-go/tools/cache"
	ctrlcache "sigs.k8s.io/controller-runtime/pkg/cache"
)

func typed(ctx context.Context, cs kubernetes.Interface) error {
	_, err := cs.PolicyV1beta1().PodDisruptionBudgets("default").Get(ctx, "x", metav1.GetOptions{}) // want `policy/v1beta1 PodDisruptionBudget was removed in Kubernetes 1.25, so PodDisruptionBudgets\(\) fails on 1.29 .* with "the server could not find the requested resource"; use policy/v1`
	if err != nil {
		return err
	}
	_, err = cs.BatchV1().CronJobs("default").List(ctx, metav1.ListOptions{})
	return err
}

func informersOf(cs kubernetes.Interface) {
	f := informers.NewSharedInformerFactory(cs, time.Minute)
	_ = f.Batch().V1beta1().CronJobs().Lister() // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so CronJobs\(\) fails`
	_ = f.Batch().V1().CronJobs().Informer()
	inf := infbatchv1beta1.NewCronJobInformer(cs, "", time.Minute, cache.Indexers{}) // want `NewCronJobInformer fails on 1.29`
	_ = listbatchv1beta1.NewCronJobLister(inf.GetIndexer())                          // want `NewCronJobLister fails on 1.29`
}

func dynamicClient(ctx context.Context, dc dynamic.Interface) error {
	gvr := schema.GroupVersionResource{Group: "batch", Version: "v1beta1", Resource: "cronjobs"}
	_, err := dc.Resource(gvr).Namespace("default").List(ctx, metav1.ListOptions{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this Resource fails on 1.29 .* "the server could not find the requested resource"; use batch/v1`
	return err
}

func mapper(m meta.RESTMapper) error {
	_, err := m.RESTMapping(schema.GroupKind{Group: "policy", Kind: "PodDisruptionBudget"}, "v1beta1") // want `policy/v1beta1 PodDisruptionBudget was removed in Kubernetes 1.25, so this RESTMapping fails`
	if err != nil {
		return err
	}
	// A kind that is not constant: quiet.
	kind := os.Getenv("KIND")
	if _, err := m.RESTMapping(schema.GroupKind{Group: "policy", Kind: kind}, "v1beta1"); err != nil {
		return err
	}
	// No version: the mapper picks one the server serves.
	_, err = m.RESTMapping(schema.GroupKind{Group: "policy", Kind: "PodDisruptionBudget"})
	return err
}

func informerForKind(ctx context.Context, c ctrlcache.Cache) error {
	gvk := batchv1beta1.SchemeGroupVersion.WithKind("CronJob")
	_, err := c.GetInformerForKind(ctx, gvk) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this GetInformerForKind fails`
	return err
}
