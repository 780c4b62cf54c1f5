package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *PodGroup) APILifecycleDeprecated() (major, minor int) {
	return 1, 40
}

func (in *PodGroup) APILifecycleRemoved() (major, minor int) {
	return 1, 43
}

func (in *PodGroupList) APILifecycleDeprecated() (major, minor int) {
	return 1, 40
}

func (in *PodGroupList) APILifecycleRemoved() (major, minor int) {
	return 1, 43
}

func (in *PriorityClass) APILifecycleDeprecated() (major, minor int) {
	return 1, 14
}

func (in *PriorityClass) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "scheduling.k8s.io", Version: "v1", Kind: "PriorityClass"}
}

func (in *PriorityClass) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *PriorityClassList) APILifecycleDeprecated() (major, minor int) {
	return 1, 14
}

func (in *PriorityClassList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "scheduling.k8s.io", Version: "v1", Kind: "PriorityClassList"}
}

func (in *PriorityClassList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *Workload) APILifecycleDeprecated() (major, minor int) {
	return 1, 40
}

func (in *Workload) APILifecycleRemoved() (major, minor int) {
	return 1, 43
}

func (in *WorkloadList) APILifecycleDeprecated() (major, minor int) {
	return 1, 40
}

func (in *WorkloadList) APILifecycleRemoved() (major, minor int) {
	return 1, 43
}
