package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *MutatingAdmissionPolicy) APILifecycleDeprecated() (major, minor int) {
	return 1, 37
}

func (in *MutatingAdmissionPolicy) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "MutatingAdmissionPolicy"}
}

func (in *MutatingAdmissionPolicy) APILifecycleRemoved() (major, minor int) {
	return 1, 40
}

func (in *MutatingAdmissionPolicyBinding) APILifecycleDeprecated() (major, minor int) {
	return 1, 37
}

func (in *MutatingAdmissionPolicyBinding) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "MutatingAdmissionPolicyBinding"}
}

func (in *MutatingAdmissionPolicyBinding) APILifecycleRemoved() (major, minor int) {
	return 1, 40
}

func (in *MutatingAdmissionPolicyBindingList) APILifecycleDeprecated() (major, minor int) {
	return 1, 37
}

func (in *MutatingAdmissionPolicyBindingList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "MutatingAdmissionPolicyBindingList"}
}

func (in *MutatingAdmissionPolicyBindingList) APILifecycleRemoved() (major, minor int) {
	return 1, 40
}

func (in *MutatingAdmissionPolicyList) APILifecycleDeprecated() (major, minor int) {
	return 1, 37
}

func (in *MutatingAdmissionPolicyList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "MutatingAdmissionPolicyList"}
}

func (in *MutatingAdmissionPolicyList) APILifecycleRemoved() (major, minor int) {
	return 1, 40
}

func (in *MutatingWebhookConfiguration) APILifecycleDeprecated() (major, minor int) {
	return 1, 16
}

func (in *MutatingWebhookConfiguration) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "MutatingWebhookConfiguration"}
}

func (in *MutatingWebhookConfiguration) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *MutatingWebhookConfigurationList) APILifecycleDeprecated() (major, minor int) {
	return 1, 16
}

func (in *MutatingWebhookConfigurationList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "MutatingWebhookConfigurationList"}
}

func (in *MutatingWebhookConfigurationList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *ValidatingAdmissionPolicy) APILifecycleDeprecated() (major, minor int) {
	return 1, 31
}

func (in *ValidatingAdmissionPolicy) APILifecycleRemoved() (major, minor int) {
	return 1, 34
}

func (in *ValidatingAdmissionPolicyBinding) APILifecycleDeprecated() (major, minor int) {
	return 1, 31
}

func (in *ValidatingAdmissionPolicyBinding) APILifecycleRemoved() (major, minor int) {
	return 1, 34
}

func (in *ValidatingAdmissionPolicyBindingList) APILifecycleDeprecated() (major, minor int) {
	return 1, 31
}

func (in *ValidatingAdmissionPolicyBindingList) APILifecycleRemoved() (major, minor int) {
	return 1, 34
}

func (in *ValidatingAdmissionPolicyList) APILifecycleDeprecated() (major, minor int) {
	return 1, 31
}

func (in *ValidatingAdmissionPolicyList) APILifecycleRemoved() (major, minor int) {
	return 1, 34
}

func (in *ValidatingWebhookConfiguration) APILifecycleDeprecated() (major, minor int) {
	return 1, 16
}

func (in *ValidatingWebhookConfiguration) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "ValidatingWebhookConfiguration"}
}

func (in *ValidatingWebhookConfiguration) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *ValidatingWebhookConfigurationList) APILifecycleDeprecated() (major, minor int) {
	return 1, 16
}

func (in *ValidatingWebhookConfigurationList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "ValidatingWebhookConfigurationList"}
}

func (in *ValidatingWebhookConfigurationList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}
