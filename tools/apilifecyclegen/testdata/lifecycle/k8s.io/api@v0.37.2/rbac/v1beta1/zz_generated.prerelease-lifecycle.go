package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *ClusterRole) APILifecycleDeprecated() (major, minor int) {
	return 1, 17
}

func (in *ClusterRole) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRole"}
}

func (in *ClusterRole) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *ClusterRoleBinding) APILifecycleDeprecated() (major, minor int) {
	return 1, 17
}

func (in *ClusterRoleBinding) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRoleBinding"}
}

func (in *ClusterRoleBinding) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *ClusterRoleBindingList) APILifecycleDeprecated() (major, minor int) {
	return 1, 17
}

func (in *ClusterRoleBindingList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRoleBindingList"}
}

func (in *ClusterRoleBindingList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *ClusterRoleList) APILifecycleDeprecated() (major, minor int) {
	return 1, 17
}

func (in *ClusterRoleList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRoleList"}
}

func (in *ClusterRoleList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *Role) APILifecycleDeprecated() (major, minor int) {
	return 1, 17
}

func (in *Role) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "Role"}
}

func (in *Role) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *RoleBinding) APILifecycleDeprecated() (major, minor int) {
	return 1, 17
}

func (in *RoleBinding) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "RoleBinding"}
}

func (in *RoleBinding) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *RoleBindingList) APILifecycleDeprecated() (major, minor int) {
	return 1, 17
}

func (in *RoleBindingList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "RoleBindingList"}
}

func (in *RoleBindingList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *RoleList) APILifecycleDeprecated() (major, minor int) {
	return 1, 17
}

func (in *RoleList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "RoleList"}
}

func (in *RoleList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}
