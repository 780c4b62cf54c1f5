package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *FlowSchema) APILifecycleDeprecated() (major, minor int) {
	return 1, 23
}

func (in *FlowSchema) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "flowcontrol.apiserver.k8s.io", Version: "v1beta3", Kind: "FlowSchema"}
}

func (in *FlowSchema) APILifecycleRemoved() (major, minor int) {
	return 1, 26
}

func (in *FlowSchemaList) APILifecycleDeprecated() (major, minor int) {
	return 1, 23
}

func (in *FlowSchemaList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "flowcontrol.apiserver.k8s.io", Version: "v1beta3", Kind: "FlowSchemaList"}
}

func (in *FlowSchemaList) APILifecycleRemoved() (major, minor int) {
	return 1, 26
}

func (in *PriorityLevelConfiguration) APILifecycleDeprecated() (major, minor int) {
	return 1, 23
}

func (in *PriorityLevelConfiguration) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "flowcontrol.apiserver.k8s.io", Version: "v1beta3", Kind: "PriorityLevelConfiguration"}
}

func (in *PriorityLevelConfiguration) APILifecycleRemoved() (major, minor int) {
	return 1, 26
}

func (in *PriorityLevelConfigurationList) APILifecycleDeprecated() (major, minor int) {
	return 1, 23
}

func (in *PriorityLevelConfigurationList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "flowcontrol.apiserver.k8s.io", Version: "v1beta3", Kind: "PriorityLevelConfigurationList"}
}

func (in *PriorityLevelConfigurationList) APILifecycleRemoved() (major, minor int) {
	return 1, 26
}
