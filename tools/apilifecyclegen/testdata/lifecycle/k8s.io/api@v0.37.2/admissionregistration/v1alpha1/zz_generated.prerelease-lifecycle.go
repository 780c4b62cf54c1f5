package v1alpha1

func (in *MutatingAdmissionPolicy) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *MutatingAdmissionPolicy) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *MutatingAdmissionPolicyBinding) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *MutatingAdmissionPolicyBinding) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *MutatingAdmissionPolicyBindingList) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *MutatingAdmissionPolicyBindingList) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *MutatingAdmissionPolicyList) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *MutatingAdmissionPolicyList) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *ValidatingAdmissionPolicy) APILifecycleDeprecated() (major, minor int) {
	return 1, 29
}

func (in *ValidatingAdmissionPolicy) APILifecycleRemoved() (major, minor int) {
	return 1, 32
}

func (in *ValidatingAdmissionPolicyBinding) APILifecycleDeprecated() (major, minor int) {
	return 1, 29
}

func (in *ValidatingAdmissionPolicyBinding) APILifecycleRemoved() (major, minor int) {
	return 1, 32
}

func (in *ValidatingAdmissionPolicyBindingList) APILifecycleDeprecated() (major, minor int) {
	return 1, 29
}

func (in *ValidatingAdmissionPolicyBindingList) APILifecycleRemoved() (major, minor int) {
	return 1, 32
}

func (in *ValidatingAdmissionPolicyList) APILifecycleDeprecated() (major, minor int) {
	return 1, 29
}

func (in *ValidatingAdmissionPolicyList) APILifecycleRemoved() (major, minor int) {
	return 1, 32
}
