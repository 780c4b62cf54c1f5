package depth

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The caller builds the patch on the object itself and hands both to a
// helper that changes the object and sends the patch (the shape of
// intel/trusted-certificate-issuer#28).

func unsetFinalizer(ctx context.Context, c client.Client, obj client.Object, patch client.Patch) error {
	if err := client.IgnoreNotFound(c.Get(ctx, client.ObjectKeyFromObject(obj), obj)); err != nil {
		return err
	}
	var kept []string
	for _, f := range obj.GetFinalizers() {
		if f != fin {
			kept = append(kept, f)
		}
	}
	obj.SetFinalizers(kept)
	return c.Patch(ctx, obj, patch)
}

// Flagged.

func deleteSecret(ctx context.Context, c client.Client, name string) error {
	s := &corev1.Secret{}
	s.Name = name
	if err := unsetFinalizer(ctx, c, s, client.MergeFrom(s)); err != nil { // want `client.MergeFrom\(s\) takes s itself as the base of the patch that unsetFinalizer sends for the same object after obj.SetFinalizers at helper.go:24 changes it, so the patch is empty and the change is lost; take the base from a copy made in unsetFinalizer before the change`
		return err
	}
	return c.Delete(ctx, s)
}

// The change is made by the caller, after the patch is built.
func labelled(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	patch := client.MergeFrom(pod) // want `client.MergeFrom\(pod\) takes pod itself as the patch base, and the assignment to pod.Labels at line 42 changes it before sendPatch at line 43`
	pod.Labels = map[string]string{"a": "b"}
	return sendPatch(ctx, c, pod, patch)
}

func sendPatch(ctx context.Context, c client.Client, obj client.Object, patch client.Patch) error {
	return c.Patch(ctx, obj, patch)
}

// Not flagged.

// The base is a copy.
func deleteSecretCopied(ctx context.Context, c client.Client, name string) error {
	s := &corev1.Secret{}
	s.Name = name
	return unsetFinalizer(ctx, c, s, client.MergeFrom(s.DeepCopy()))
}

// The helper sends the patch for another object.
func otherObject(ctx context.Context, c client.Client, pod, other *corev1.Pod) error {
	return patchOther(ctx, c, pod, other, client.MergeFrom(pod))
}

func patchOther(ctx context.Context, c client.Client, changed, sent client.Object, patch client.Patch) error {
	changed.SetFinalizers(nil)
	return c.Patch(ctx, sent, patch)
}

// The helper replaces the patch before sending it.
func replaced(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	return unsetWithOwnPatch(ctx, c, pod, client.MergeFrom(pod))
}

func unsetWithOwnPatch(ctx context.Context, c client.Client, obj client.Object, patch client.Patch) error {
	patch = client.MergeFrom(obj.DeepCopyObject().(client.Object))
	obj.SetFinalizers(nil)
	return c.Patch(ctx, obj, patch)
}

// Nothing changes the object between MergeFrom and the helper's send.
func unchangedHelper(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	return sendPatch(ctx, c, pod, client.MergeFrom(pod))
}
