package v1alpha3

func (in *DeviceTaintRule) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *DeviceTaintRule) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *DeviceTaintRuleList) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *DeviceTaintRuleList) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *ResourcePoolStatusRequest) APILifecycleDeprecated() (major, minor int) {
	return 1, 39
}

func (in *ResourcePoolStatusRequest) APILifecycleRemoved() (major, minor int) {
	return 1, 42
}

func (in *ResourcePoolStatusRequestList) APILifecycleDeprecated() (major, minor int) {
	return 1, 39
}

func (in *ResourcePoolStatusRequestList) APILifecycleRemoved() (major, minor int) {
	return 1, 42
}
