package depth

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"mergefrom/k8sutil"
)

// Flagged: the helper of another package of the module changes the
// object and sends the patch built on the object itself.
func deleteSecretElsewhere(ctx context.Context, c client.Client, name string) error {
	s := &corev1.Secret{}
	s.Name = name
	if err := k8sutil.UnsetFinalizer(ctx, c, s, client.MergeFrom(s)); err != nil { // want `client.MergeFrom\(s\) takes s itself as the base of the patch that UnsetFinalizer sends for the same object after obj.SetFinalizers changes it, so the patch is empty and the change is lost; take the base from a copy made in UnsetFinalizer before the change`
		return err
	}
	return c.Delete(ctx, s)
}

// Flagged: the change is the caller's, the send the other package's.
func labelledElsewhere(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	patch := client.MergeFrom(pod) // want `client.MergeFrom\(pod\) takes pod itself as the patch base, and the assignment to pod.Labels at line 26 changes it before k8sutil.SendPatch at line 27`
	pod.Labels = map[string]string{"a": "b"}
	return k8sutil.SendPatch(ctx, c, pod, patch)
}

// Not flagged: the base is a copy.
func deleteSecretCopiedElsewhere(ctx context.Context, c client.Client, name string) error {
	s := &corev1.Secret{}
	s.Name = name
	return k8sutil.UnsetFinalizer(ctx, c, s, client.MergeFrom(s.DeepCopy()))
}

// Not flagged: the helper replaces the patch before it changes the
// object.
func replacedElsewhere(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	return k8sutil.UnsetWithOwnPatch(ctx, c, pod, client.MergeFrom(pod))
}

// Not flagged: nothing changes the object between MergeFrom and the
// other package's send.
func unchangedElsewhere(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	return k8sutil.SendPatch(ctx, c, pod, client.MergeFrom(pod))
}
