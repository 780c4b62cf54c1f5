package v1beta2

func (in *DeviceClass) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *DeviceClass) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *DeviceClassList) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *DeviceClassList) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *DeviceTaintRule) APILifecycleDeprecated() (major, minor int) {
	return 1, 39
}

func (in *DeviceTaintRule) APILifecycleRemoved() (major, minor int) {
	return 1, 42
}

func (in *DeviceTaintRuleList) APILifecycleDeprecated() (major, minor int) {
	return 1, 39
}

func (in *DeviceTaintRuleList) APILifecycleRemoved() (major, minor int) {
	return 1, 42
}

func (in *ResourceClaim) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *ResourceClaim) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *ResourceClaimList) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *ResourceClaimList) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *ResourceClaimTemplate) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *ResourceClaimTemplate) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *ResourceClaimTemplateList) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *ResourceClaimTemplateList) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *ResourceSlice) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *ResourceSlice) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}

func (in *ResourceSliceList) APILifecycleDeprecated() (major, minor int) {
	return 1, 36
}

func (in *ResourceSliceList) APILifecycleRemoved() (major, minor int) {
	return 1, 39
}
