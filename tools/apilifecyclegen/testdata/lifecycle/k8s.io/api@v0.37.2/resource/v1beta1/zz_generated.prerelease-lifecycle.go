package v1beta1

func (in *DeviceClass) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *DeviceClass) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *DeviceClassList) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *DeviceClassList) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *ResourceClaim) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *ResourceClaim) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *ResourceClaimList) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *ResourceClaimList) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *ResourceClaimTemplate) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *ResourceClaimTemplate) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *ResourceClaimTemplateList) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *ResourceClaimTemplateList) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *ResourceSlice) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *ResourceSlice) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *ResourceSliceList) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *ResourceSliceList) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}
