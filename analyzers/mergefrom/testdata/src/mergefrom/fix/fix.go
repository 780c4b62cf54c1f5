// Package fix tests the suggested fixes of mergefrom.
package fix

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func removeFinalizer(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	patch := client.MergeFrom(pod) // want `copy the base: client.MergeFrom\(pod.DeepCopy\(\)\)`
	controllerutil.RemoveFinalizer(pod, "example.com/f")
	return c.Patch(ctx, pod, patch)
}

func byAddress(ctx context.Context, c client.Client, pod corev1.Pod) error {
	patch := client.MergeFrom(&pod) // want `copy the base: client.MergeFrom\(pod.DeepCopy\(\)\)`
	pod.Labels = map[string]string{"a": "b"}
	return c.Patch(ctx, &pod, patch)
}

func withOptions(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	patch := client.MergeFromWithOptions(pod, client.MergeFromWithOptimisticLock{}) // want `copy the base: client.MergeFromWithOptions\(pod.DeepCopy\(\), ...\)`
	pod.Annotations = nil
	return c.Patch(ctx, pod, patch)
}

type holder struct{ pod *corev1.Pod }

func field(ctx context.Context, c client.Client, h holder) error {
	patch := client.StrategicMergeFrom(h.pod) // want `copy the base: client.StrategicMergeFrom\(h.pod.DeepCopy\(\)\)`
	h.pod.Spec.NodeName = "n"
	return c.Patch(ctx, h.pod, patch)
}

// No DeepCopy of the same type: reported without a fix.
func noFix(ctx context.Context, c client.Client, obj client.Object) error {
	patch := client.MergeFrom(obj) // want `copy the base: client.MergeFrom\(obj.DeepCopyObject\(\).\(client.Object\)\)`
	obj.SetLabels(nil)
	return c.Patch(ctx, obj, patch)
}

// Base and object the same in one call: no mechanical fix.
func inline(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	pod.Labels = nil
	return c.Patch(ctx, pod, client.MergeFrom(pod)) // want `as its base, the same object`
}
