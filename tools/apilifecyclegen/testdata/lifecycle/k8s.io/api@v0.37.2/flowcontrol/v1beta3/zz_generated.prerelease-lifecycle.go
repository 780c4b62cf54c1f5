package v1beta3

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *FlowSchema) APILifecycleDeprecated() (major, minor int) {
	return 1, 29
}

func (in *FlowSchema) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "flowcontrol.apiserver.k8s.io", Version: "v1", Kind: "FlowSchema"}
}

func (in *FlowSchema) APILifecycleRemoved() (major, minor int) {
	return 1, 32
}

func (in *FlowSchemaList) APILifecycleDeprecated() (major, minor int) {
	return 1, 29
}

func (in *FlowSchemaList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "flowcontrol.apiserver.k8s.io", Version: "v1", Kind: "FlowSchemaList"}
}

func (in *FlowSchemaList) APILifecycleRemoved() (major, minor int) {
	return 1, 32
}

func (in *PriorityLevelConfiguration) APILifecycleDeprecated() (major, minor int) {
	return 1, 29
}

func (in *PriorityLevelConfiguration) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "flowcontrol.apiserver.k8s.io", Version: "v1", Kind: "PriorityLevelConfiguration"}
}

func (in *PriorityLevelConfiguration) APILifecycleRemoved() (major, minor int) {
	return 1, 32
}

func (in *PriorityLevelConfigurationList) APILifecycleDeprecated() (major, minor int) {
	return 1, 29
}

func (in *PriorityLevelConfigurationList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "flowcontrol.apiserver.k8s.io", Version: "v1", Kind: "PriorityLevelConfigurationList"}
}

func (in *PriorityLevelConfigurationList) APILifecycleRemoved() (major, minor int) {
	return 1, 32
}
