package flow3

import (
	corev1 "k8s.io/api/core/v1"
)

// A whole copy of an object whose status the function copies back saves
// the status (k8ssandra-operator's versionCheck); one whose status is
// never read back (a merge patch's base) saves nothing.
func savedWhole(pod *corev1.Pod) {
	saved := pod.DeepCopy()
	Debug(pod) // want `pod=Param\[Foreign\|StatusCopied\|MaybeDeleting\]`
	pod.Status = saved.Status
}

func copiedBase(pod *corev1.Pod) {
	base := pod.DeepCopy()
	Debug(pod) // want `pod=Param\[Foreign\|MaybeDeleting\]`
	pod.Spec = base.Spec
}
