package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *CronJob) APILifecycleDeprecated() (major, minor int) {
	return 1, 21
}

func (in *CronJob) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "batch", Version: "v1", Kind: "CronJob"}
}

func (in *CronJob) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}

func (in *CronJobList) APILifecycleDeprecated() (major, minor int) {
	return 1, 21
}

func (in *CronJobList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "batch", Version: "v1", Kind: "CronJobList"}
}

func (in *CronJobList) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}
