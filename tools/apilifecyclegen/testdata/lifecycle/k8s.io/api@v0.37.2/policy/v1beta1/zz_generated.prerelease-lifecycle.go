package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *Eviction) APILifecycleDeprecated() (major, minor int) {
	return 1, 22
}

func (in *Eviction) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}

func (in *PodDisruptionBudget) APILifecycleDeprecated() (major, minor int) {
	return 1, 21
}

func (in *PodDisruptionBudget) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "policy", Version: "v1", Kind: "PodDisruptionBudget"}
}

func (in *PodDisruptionBudget) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}

func (in *PodDisruptionBudgetList) APILifecycleDeprecated() (major, minor int) {
	return 1, 21
}

func (in *PodDisruptionBudgetList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "policy", Version: "v1", Kind: "PodDisruptionBudgetList"}
}

func (in *PodDisruptionBudgetList) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}
