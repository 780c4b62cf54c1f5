package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *SelfSubjectReview) APILifecycleDeprecated() (major, minor int) {
	return 1, 30
}

func (in *SelfSubjectReview) APILifecycleRemoved() (major, minor int) {
	return 1, 33
}

func (in *TokenReview) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *TokenReview) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "authentication.k8s.io", Version: "v1", Kind: "TokenReview"}
}

func (in *TokenReview) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}
