package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *LocalSubjectAccessReview) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *LocalSubjectAccessReview) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "authorization.k8s.io", Version: "v1", Kind: "LocalSubjectAccessReview"}
}

func (in *LocalSubjectAccessReview) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *SelfSubjectAccessReview) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *SelfSubjectAccessReview) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "authorization.k8s.io", Version: "v1", Kind: "SelfSubjectAccessReview"}
}

func (in *SelfSubjectAccessReview) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *SelfSubjectRulesReview) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *SelfSubjectRulesReview) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "authorization.k8s.io", Version: "v1", Kind: "SelfSubjectRulesReview"}
}

func (in *SelfSubjectRulesReview) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *SubjectAccessReview) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *SubjectAccessReview) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "authorization.k8s.io", Version: "v1", Kind: "SubjectAccessReview"}
}

func (in *SubjectAccessReview) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}
