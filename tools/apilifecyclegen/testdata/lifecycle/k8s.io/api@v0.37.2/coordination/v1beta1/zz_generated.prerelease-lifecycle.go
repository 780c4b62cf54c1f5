package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *Lease) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *Lease) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "coordination.k8s.io", Version: "v1", Kind: "Lease"}
}

func (in *Lease) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *LeaseCandidate) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *LeaseCandidate) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *LeaseCandidateList) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *LeaseCandidateList) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *LeaseList) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *LeaseList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "coordination.k8s.io", Version: "v1", Kind: "LeaseList"}
}

func (in *LeaseList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}
