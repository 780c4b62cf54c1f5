package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *DaemonSet) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *DaemonSet) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "DaemonSet"}
}

func (in *DaemonSet) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *DaemonSetList) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *DaemonSetList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "DaemonSetList"}
}

func (in *DaemonSetList) APILifecycleRemoved() (major, minor int) {
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

func (in *DeploymentRollback) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *Ingress) APILifecycleDeprecated() (major, minor int) {
	return 1, 14
}

func (in *Ingress) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "Ingress"}
}

func (in *Ingress) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *IngressList) APILifecycleDeprecated() (major, minor int) {
	return 1, 14
}

func (in *IngressList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "IngressList"}
}

func (in *IngressList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *NetworkPolicy) APILifecycleDeprecated() (major, minor int) {
	return 1, 9
}

func (in *NetworkPolicy) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "NetworkPolicy"}
}

func (in *NetworkPolicy) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *NetworkPolicyList) APILifecycleDeprecated() (major, minor int) {
	return 1, 9
}

func (in *NetworkPolicyList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "NetworkPolicyList"}
}

func (in *NetworkPolicyList) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *ReplicaSet) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *ReplicaSet) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "ReplicaSet"}
}

func (in *ReplicaSet) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *ReplicaSetList) APILifecycleDeprecated() (major, minor int) {
	return 1, 8
}

func (in *ReplicaSetList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "ReplicaSetList"}
}

func (in *ReplicaSetList) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}

func (in *Scale) APILifecycleDeprecated() (major, minor int) {
	return 1, 2
}

func (in *Scale) APILifecycleRemoved() (major, minor int) {
	return 1, 16
}
