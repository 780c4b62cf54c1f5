package depth

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/patch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Labels set and sent with cluster-api's patch helper, then a status patch
// based on a copy taken after them (cluster-api's MachineSet controller):
// the labels were sent, the status patch carries the condition. Quiet.
func labelThenPatchStatus(ctx context.Context, c client.Client) error {
	list := &corev1.PodList{}
	if err := c.List(ctx, list); err != nil {
		return err
	}
	var pods []*corev1.Pod
	for i := range list.Items {
		pods = append(pods, &list.Items[i])
	}
	for _, pod := range pods {
		helper, err := patch.NewHelper(pod, c)
		if err != nil {
			return err
		}
		pod.Labels["set"] = "a"
		if err := helper.Patch(ctx, pod); err != nil {
			return err
		}
	}
	for _, pod := range pods {
		base := client.MergeFrom(pod.DeepCopy())
		if err := c.Delete(ctx, pod); err != nil {
			continue
		}
		pod.Status.Message = "remediated"
		if err := c.Status().Patch(ctx, pod, base); err != nil {
			return err
		}
	}
	return nil
}

// The same without the helper's Patch: the label change is lost.
func labelNotSentThenPatch(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	pod.Labels["set"] = "a"
	old := pod.DeepCopy()
	return c.Patch(ctx, pod, client.MergeFrom(old)) // want `a copy taken at line 49 after the assignment to pod.Labels\["set"\] at line 48 changed pod`
}

// A helper made but its Patch not called before the copy: still lost.
func helperNotPatched(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	helper, err := patch.NewHelper(pod, c)
	if err != nil {
		return err
	}
	pod.Labels["set"] = "a"
	old := pod.DeepCopy()
	if err := c.Patch(ctx, pod, client.MergeFrom(old)); err != nil { // want `a copy taken at line 60 after the assignment to pod.Labels\["set"\] at line 59 changed pod`
		return err
	}
	return helper.Patch(ctx, pod)
}

// The label sent with the helper's Patch before the copy: the later
// patch need not carry it. Quiet.
func labelSentThenCopied(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	helper, err := patch.NewHelper(pod, c)
	if err != nil {
		return err
	}
	pod.Labels["set"] = "a"
	if err := helper.Patch(ctx, pod); err != nil {
		return err
	}
	old := pod.DeepCopy()
	return c.Patch(ctx, pod, client.MergeFrom(old))
}
