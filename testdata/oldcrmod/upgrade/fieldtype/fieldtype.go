// Package fieldtype uses PersistentVolumeClaimSpec.Resources, a
// ResourceRequirements until Kubernetes 1.28 and a
// VolumeResourceRequirements (with the same Requests and Limits) from 1.29.
package fieldtype

import corev1 "k8s.io/api/core/v1"

// Requests only selects from the field and copies it to a new variable:
// both compile at the target.
func Requests(pvc *corev1.PersistentVolumeClaim) corev1.ResourceList {
	r := pvc.Spec.Resources
	_ = r.Limits
	return pvc.Spec.Resources.Requests
}

// Set assigns a ResourceRequirements, which does not compile at 1.29.
func Set(pvc *corev1.PersistentVolumeClaim, r corev1.ResourceRequirements) {
	pvc.Spec.Resources = r // want `corev1.PersistentVolumeClaimSpec.Resources changed its type in k8s.io/api v0.29 to VolumeResourceRequirements`
}
