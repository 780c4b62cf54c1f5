// Package a lists the calls that k8s.ClassifyWrite recognizes.
package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type R struct {
	client.Client
	C client.Client
}

func calls(ctx context.Context, r *R, w client.Writer, cs kubernetes.Interface, dc dynamic.Interface, pod *corev1.Pod, u *unstructured.Unstructured, data []byte) {
	_ = r.Update(ctx, pod)                         // want `cr Update main obj=pod kind=\*k8s.io/api/core/v1.Pod`
	_ = r.C.Patch(ctx, pod, client.Merge)          // want `cr Patch main obj=pod`
	_ = w.Create(ctx, pod)                         // want `cr Create main obj=pod`
	_ = r.Patch(ctx, pod, client.Apply)            // want `cr Apply main obj=pod`
	_ = r.Status().Update(ctx, pod)                // want `cr Update status obj=pod`
	_ = r.C.Status().Patch(ctx, pod, client.Merge) // want `cr Patch status obj=pod`
	_ = r.SubResource("status").Update(ctx, pod)   // want `cr Update status obj=pod`
	_ = r.SubResource("scale").Update(ctx, pod)    // want `cr Update scale obj=pod`
	sw := r.Status()
	_ = sw.Update(ctx, pod)                                                     // want `cr Update \? obj=pod`
	_ = r.Status().Patch(ctx, pod, client.RawPatch(types.ApplyPatchType, data)) // want `cr Apply status obj=pod`
	_ = r.Delete(ctx, pod)
	_ = r.Get(ctx, client.ObjectKeyFromObject(pod), pod)

	_, _ = controllerutil.CreateOrUpdate(ctx, r, pod, func() error { return nil }) // want `controllerutil CreateOrUpdate main obj=pod`
	_, _ = controllerutil.CreateOrPatch(ctx, r, pod, func() error { return nil })  // want `controllerutil CreateOrUpdate main obj=pod`

	pods := cs.CoreV1().Pods("ns")
	_, _ = pods.Update(ctx, pod, metav1.UpdateOptions{})                                     // want `typed Update main obj=pod kind=\*k8s.io/api/core/v1.Pod`
	_, _ = pods.UpdateStatus(ctx, pod, metav1.UpdateOptions{})                               // want `typed Update status obj=pod`
	_, _ = pods.Create(ctx, pod, metav1.CreateOptions{})                                     // want `typed Create main obj=pod`
	_, _ = pods.Patch(ctx, "p", types.MergePatchType, data, metav1.PatchOptions{})           // want `typed Patch main obj=<nil> kind=\*k8s.io/api/core/v1.Pod`
	_, _ = pods.Patch(ctx, "p", types.MergePatchType, data, metav1.PatchOptions{}, "status") // want `typed Patch status`
	_, _ = pods.Patch(ctx, "p", types.ApplyPatchType, data, metav1.PatchOptions{})           // want `typed Apply main`
	_, _ = pods.Get(ctx, "p", metav1.GetOptions{})

	res := dc.Resource(schema.GroupVersionResource{}).Namespace("ns")
	_, _ = res.Update(ctx, u, metav1.UpdateOptions{})                                                                   // want `dynamic Update main obj=u kind=\*k8s.io/apimachinery/pkg/apis/meta/v1/unstructured.Unstructured`
	_, _ = res.Update(ctx, u, metav1.UpdateOptions{}, "status")                                                         // want `dynamic Update status obj=u`
	_, _ = res.UpdateStatus(ctx, u, metav1.UpdateOptions{})                                                             // want `dynamic Update status obj=u`
	_, _ = dc.Resource(schema.GroupVersionResource{}).Patch(ctx, "x", types.JSONPatchType, data, metav1.PatchOptions{}) // want `dynamic Patch main obj=<nil>`
}

// lookalike has an Update method that is no Kubernetes client.
type lookalike struct{}

func (lookalike) Update(ctx context.Context, pod *corev1.Pod) error { return nil }

func notWrites(ctx context.Context, l lookalike, pod *corev1.Pod) {
	_ = l.Update(ctx, pod)
}
