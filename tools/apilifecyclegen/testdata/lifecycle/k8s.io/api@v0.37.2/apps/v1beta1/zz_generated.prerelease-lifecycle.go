package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *ControllerRevision) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *ControllerRevision) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "ControllerRevision"}
}

func (in *ControllerRevision) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *ControllerRevisionList) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *ControllerRevisionList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "ControllerRevisionList"}
}

func (in *ControllerRevisionList) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *Deployment) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *Deployment) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}
}

func (in *Deployment) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *DeploymentList) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *DeploymentList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "DeploymentList"}
}

func (in *DeploymentList) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *DeploymentRollback) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *DeploymentRollback) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "DeploymentRollback"}
}

func (in *DeploymentRollback) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *Scale) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *Scale) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "autoscaling", Version: "v1", Kind: "Scale"}
}

func (in *Scale) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *StatefulSet) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *StatefulSet) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "StatefulSet"}
}

func (in *StatefulSet) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *StatefulSetList) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *StatefulSetList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "StatefulSetList"}
}

func (in *StatefulSetList) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}
