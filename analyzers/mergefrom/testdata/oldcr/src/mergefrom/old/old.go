// Package old tests mergefrom against controller-runtime before v0.15,
// whose Status() returned client.StatusWriter.
package old

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) status(ctx context.Context, pod *corev1.Pod) error {
	patch := client.MergeFrom(pod) // want `the assignment to pod.Status.Phase at line 18 changes it before r.Status\(\).Patch at line 19`
	pod.Status.Phase = "Running"
	return r.Status().Patch(ctx, pod, patch)
}

func (r *Reconciler) main(ctx context.Context, pod *corev1.Pod) error {
	patch := client.MergeFrom(pod) // want `the assignment to pod.Labels at line 24 changes it before r.Client.Patch at line 25`
	pod.Labels = map[string]string{"a": "b"}
	return r.Client.Patch(ctx, pod, patch)
}

func (r *Reconciler) copied(ctx context.Context, pod *corev1.Pod) error {
	patch := client.MergeFrom(pod.DeepCopy())
	pod.Status.Phase = "Running"
	return r.Status().Patch(ctx, pod, patch)
}
