package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *AdmissionReview) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *AdmissionReview) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "admission.k8s.io", Version: "v1", Kind: "AdmissionReview"}
}

func (in *AdmissionReview) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}
