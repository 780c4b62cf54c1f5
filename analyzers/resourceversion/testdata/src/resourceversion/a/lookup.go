package a

// The current object found by a lookup helper of the package that
// searches a lister (kyverno's policy violations: the desired object gets
// the existing one's name, not its resourceVersion).

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"
	listersv1 "k8s.io/client-go/listers/core/v1"
)

// existingPod returns the pod of the lister that desired stands for, or
// nil.
func existingPod(lister listersv1.PodLister, desired corev1.Pod) (*corev1.Pod, error) {
	pods, err := lister.List(labels.Everything())
	if err != nil {
		return nil, err
	}
	for _, p := range pods {
		if p.Labels["app"] == desired.Labels["app"] {
			return p, nil
		}
	}
	return nil, nil
}

// existingPodValue returns a copy of that pod.
func existingPodValue(lister listersv1.PodLister, desired corev1.Pod) (corev1.Pod, error) {
	p, err := existingPod(lister, desired)
	if err != nil || p == nil {
		return corev1.Pod{}, err
	}
	return *p, nil
}

func syncPod(ctx context.Context, cs kubernetes.Interface, lister listersv1.PodLister, pod corev1.Pod) error {
	current, err := existingPod(lister, pod)
	if err != nil {
		return err
	}
	if current == nil {
		_, err = cs.CoreV1().Pods(pod.Namespace).Create(ctx, &pod, metav1.CreateOptions{})
		return err
	}
	pod.SetName(current.Name)
	_, err = cs.CoreV1().Pods(pod.Namespace).Update(ctx, &pod, metav1.UpdateOptions{}) // want `pod is sent with Update, but the current object was read by existingPod at line \d+: .*copy the resourceVersion of the object existingPod returns`
	return err
}

// Each desired pod of a slice the caller gives, a value copy per
// iteration.
func syncPods(ctx context.Context, cs kubernetes.Interface, lister listersv1.PodLister, pods []corev1.Pod) error {
	for _, desired := range pods {
		current, err := existingPodValue(lister, desired)
		if err != nil {
			return err
		}
		if current.Name == "" {
			continue
		}
		desired.SetName(current.Name)
		if _, err := cs.CoreV1().Pods(desired.Namespace).Update(ctx, &desired, metav1.UpdateOptions{}); err != nil { // want `desired is sent with Update, but the current object was read by existingPodValue`
			return err
		}
	}
	return nil
}

// The fix: the resourceVersion copied too. Quiet.
func syncPodsCopied(ctx context.Context, cs kubernetes.Interface, lister listersv1.PodLister, pods []corev1.Pod) error {
	for _, desired := range pods {
		current, err := existingPod(lister, desired)
		if err != nil || current == nil {
			return err
		}
		desired.SetName(current.Name)
		desired.SetResourceVersion(current.ResourceVersion)
		if _, err := cs.CoreV1().Pods(desired.Namespace).Update(ctx, &desired, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// A helper that builds a pod, not a lookup: nothing says the current
// object was read. Quiet.
func labelsOf(desired corev1.Pod) (*corev1.Pod, error) {
	if desired.Name == "" {
		return nil, errors.New("no name")
	}
	return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Labels: desired.Labels}}, nil
}

func syncPodBuilt(ctx context.Context, cs kubernetes.Interface, pod corev1.Pod) error {
	if _, err := labelsOf(pod); err != nil {
		return err
	}
	_, err := cs.CoreV1().Pods(pod.Namespace).Update(ctx, &pod, metav1.UpdateOptions{})
	return err
}

// A loop over a slice the function builds: the objects are fresh, the
// other rule's business, and the lookup is no evidence here. Quiet.
func syncLocalPods(ctx context.Context, cs kubernetes.Interface, lister listersv1.PodLister, pods []corev1.Pod) error {
	mine := append([]corev1.Pod(nil), pods...)
	for _, desired := range mine {
		if current, _ := existingPod(lister, desired); current != nil {
			desired.SetName(current.Name)
			desired.SetResourceVersion(current.ResourceVersion)
		}
		if _, err := cs.CoreV1().Pods(desired.Namespace).Update(ctx, &desired, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// A helper that writes the object and returns what the server stored
// (cert-manager's UpdateOrApplyStatus): the result is filled, but by the
// write, not by a read of the current object. Quiet.
func updatePodStatus(ctx context.Context, cs kubernetes.Interface, pod *corev1.Pod) (*corev1.Pod, error) {
	return cs.CoreV1().Pods(pod.Namespace).UpdateStatus(ctx, pod, metav1.UpdateOptions{})
}

func syncPodStatus(ctx context.Context, cs kubernetes.Interface, pod *corev1.Pod) error {
	if _, err := updatePodStatus(ctx, cs, pod); err != nil {
		return err
	}
	_, err := updatePodStatus(ctx, cs, pod)
	return err
}
