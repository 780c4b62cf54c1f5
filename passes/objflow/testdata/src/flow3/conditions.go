package flow3

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/conditions"
)

// cluster-api's (and flux's) conditions helpers set the status conditions
// of the object they are given; a read of them changes nothing.
func conditionSetters(pod *corev1.Pod) {
	_ = conditions.IsTrue(pod, "Ready")
	DebugHow(pod) // want `pod=Param\{\}`
	conditions.MarkTrue(pod, "Ready")
	DebugHow(pod) // want `pod=Param\{Status.Conditions\(indirect\)\}`
}
