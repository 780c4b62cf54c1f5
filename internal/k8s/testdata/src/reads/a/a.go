package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/listers"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func reads(ctx context.Context, c client.Client, kube kubernetes.Interface, pods corelisters.PodLister,
	idx cache.Indexer, inf cache.SharedIndexInformer, gen cache.GenericLister, ri listers.ResourceIndexer[*corev1.Pod],
	lw *cache.ListWatch, key client.ObjectKey) {
	pods.Pods("ns").Get("p")                                                 // want `^cached read$`
	pods.List(labels.Everything())                                           // want `^cached read$`
	ri.Get("p")                                                              // want `^cached read$`
	ri.List(labels.Everything())                                             // want `^cached read$`
	idx.GetByKey("ns/p")                                                     // want `^cached read$`
	idx.Get(&corev1.Pod{})                                                   // want `^cached read$`
	idx.List()                                                               // want `^cached read$`
	idx.ByIndex("node", "n")                                                 // want `^cached read$`
	idx.Index("node", &corev1.Pod{})                                         // want `^cached read$`
	inf.GetStore().List()                                                    // want `^cached read$`
	gen.ByNamespace("ns").Get("p")                                           // want `^cached read$`
	gen.List(labels.Everything())                                            // want `^cached read$`
	c.Get(ctx, key, &corev1.Pod{}, client.UnsafeDisableDeepCopy)             // want `shallow cached read`
	c.List(ctx, &corev1.PodList{}, client.UnsafeDisableDeepCopyOption(true)) // want `shallow cached read`
	c.Get(ctx, key, &corev1.Pod{})                                           // want `^read$`
	kube.CoreV1().Pods("ns").Get(ctx, "p", metav1.GetOptions{})              // want `^read$`
	lw.List(metav1.ListOptions{})                                            // want `^read$`
	idx.ListKeys()
	idx.IndexKeys("node", "n")
}
