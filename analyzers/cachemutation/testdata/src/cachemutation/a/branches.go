package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A cached object changed on two branches (rancher's node driver schema:
// a field added on one, deleted on the other; mpi-operator's launcher Job,
// a field set on each branch of an if and its else if): the first change
// of each path is a finding; a second change on a path already reported
// is not; the write into a map made where it was nil is the first change
// on the path where it was not (rancher's schema fields).

func (c *Controller) syncLabels(ns, name, key string, add bool) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	if add {
		if pod.Labels == nil {
			pod.Labels = map[string]string{} // want `the assignment to pod.Labels changes pod, which the PodNamespaceLister Get at line \d+ returned from the shared informer cache`
		}
		pod.Labels[key] = "true" // want `the assignment to pod.Labels\[key\] changes pod`
	} else {
		delete(pod.Labels, key) // want `changes the Labels of pod, which the PodNamespaceLister Get at line \d+ returned from the shared informer cache`
	}
	pod.Annotations["synced"] = "true"
	return nil
}

func (c *Controller) syncSuspend(ns, name string, suspend, started bool) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	if !suspend && started {
		pod.Labels = nil // want `the assignment to pod.Labels changes pod`
		pod.Spec.NodeName = ""
	} else if suspend && !started {
		pod.Spec.NodeName = "x" // want `the assignment to pod.Spec.NodeName changes pod`
	}
	return nil
}

// resume is mpi-operator's launcher: the first branch changes the cached
// Pod and re-binds the variable to the server's response; on the path
// that skips it, the change after the join is the first one made to the
// cached Pod.
func (c *Controller) resume(ctx context.Context, ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	if pod.Status.Message != "" {
		pod.Status.Message = "" // want `the assignment to pod.Status.Message changes pod`
		if pod, err = c.kube.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	pod.Spec.NodeName = "" // want `the assignment to pod.Spec.NodeName changes pod`
	pod.Spec.Containers = nil
	_, err = c.kube.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}

// resumeCopy changes the cached Pod on one path only, then changes its
// own copy: the change after the join is not the cache's.
func (c *Controller) resumeCopy(ctx context.Context, ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	if pod.Status.Message != "" {
		pod.Status.Message = "" // want `the assignment to pod.Status.Message changes pod`
	}
	pod = pod.DeepCopy()
	pod.Spec.NodeName = ""
	_, err = c.kube.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}

// resumeVia is resume with its changes made by a helper: the helper's
// change after the join is the first on the path that skips the branch;
// the same helper called again on a later error path is not a finding of
// its own (cert-manager's failIssueCertificate on each error path).
func (c *Controller) resumeVia(ctx context.Context, ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	if pod.Status.Message != "" {
		markFailed(pod) // want `markFailed changes the Status.Message of pod`
		if pod, err = c.kube.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	if pod.Spec.NodeName == "" {
		markFailed(pod)
		return nil
	}
	unschedule(pod) // want `unschedule changes the Spec.NodeName of pod`
	if _, err := c.kube.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{}); err != nil {
		markFailed(pod)
		return err
	}
	return nil
}

func markFailed(pod *corev1.Pod) { pod.Status.Message = "failed" }

func unschedule(pod *corev1.Pod) { pod.Spec.NodeName = "" }

// copyIfFound copies the lister's Pod where there is one, and makes one
// where there is none (cert-manager's Secret): on the branch where the
// variable is nil it holds no cached object, so nothing below changes
// the cache.
func (c *Controller) copyIfFound(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	if pod != nil {
		pod = pod.DeepCopy()
	}
	if pod == nil {
		pod = &corev1.Pod{}
	}
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	pod.Labels["synced"] = "true"
}

// nilChecked leaves when there is no Pod: the one it changes is the
// cache's.
func (c *Controller) nilChecked(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	if pod == nil {
		return
	}
	pod.Labels["synced"] = "true" // want `the assignment to pod.Labels\["synced"\] changes pod`
}
