package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// syncPod hands the lister's Pod down to helpers that change it and then
// write it (service-catalog's initObservedGeneration and
// initOrphanMitigationCondition): each change is reported where it is
// made, in the helper that writes it, where the copy belongs.
func (c *Controller) syncPod(ctx context.Context, ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	return c.reconcilePod(ctx, pod)
}

func (c *Controller) reconcilePod(ctx context.Context, pod *corev1.Pod) error {
	if done, err := c.initMessage(ctx, pod); done || err != nil {
		return err
	}
	_, err := c.initReady(ctx, pod)
	return err
}

func (c *Controller) initMessage(ctx context.Context, pod *corev1.Pod) (bool, error) {
	if pod.Status.Message != "" {
		return false, nil
	}
	pod.Status.Message = "initialised" // want `the assignment to pod.Status.Message changes pod, which the PodNamespaceLister Get at line 15 returned from the shared informer cache, handed down by c.reconcilePod at line 19, .*; copy it before changing it: pod = pod.DeepCopy\(\)`
	pod.Status.Phase = "Pending"
	return true, c.updatePodStatus(ctx, pod)
}

func (c *Controller) initReady(ctx context.Context, pod *corev1.Pod) (bool, error) {
	if len(pod.Status.Conditions) > 0 {
		return false, nil
	}
	setReady(pod) // want `setReady changes the Status.Conditions of pod, which the PodNamespaceLister Get at line 15 returned from the shared informer cache, handed down by c.reconcilePod at line 19`
	return true, c.updatePodStatus(ctx, pod)
}

// setReady changes its parameter and writes nothing: its caller, which
// writes the Pod, is where the change is reported.
func setReady(pod *corev1.Pod) {
	pod.Status.Conditions = append(pod.Status.Conditions, corev1.PodCondition{Type: "Ready"})
}

func (c *Controller) updatePodStatus(ctx context.Context, pod *corev1.Pod) error {
	_, err := c.kube.CoreV1().Pods(pod.Namespace).UpdateStatus(ctx, pod, metav1.UpdateOptions{})
	return err
}

// syncPodCopy hands a copy down: quiet.
func (c *Controller) syncPodCopy(ctx context.Context, ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	return c.reconcilePod(ctx, pod.DeepCopy())
}

// syncPodMarked: no function of the chain writes the Pod after changing
// it, so the change is reported at the call that hands it down.
func (c *Controller) syncPodMarked(ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	c.markPod(pod) // want `c.markPod changes the Labels of pod, which the PodNamespaceLister Get at line 70 returned from the shared informer cache, so`
	return nil
}

func (c *Controller) markPod(pod *corev1.Pod) {
	setLabel(pod)
}

func setLabel(pod *corev1.Pod) {
	pod.Labels["example.com/seen"] = "true"
}
