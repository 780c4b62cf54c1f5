package v1alpha1

func (in *Eviction) APILifecycleDeprecated() (major, minor int) {
	return 1, 40
}

func (in *Eviction) APILifecycleRemoved() (major, minor int) {
	return 1, 43
}

func (in *EvictionList) APILifecycleDeprecated() (major, minor int) {
	return 1, 40
}

func (in *EvictionList) APILifecycleRemoved() (major, minor int) {
	return 1, 43
}

func (in *EvictionRequest) APILifecycleDeprecated() (major, minor int) {
	return 1, 40
}

func (in *EvictionRequest) APILifecycleRemoved() (major, minor int) {
	return 1, 43
}

func (in *EvictionRequestList) APILifecycleDeprecated() (major, minor int) {
	return 1, 40
}

func (in *EvictionRequestList) APILifecycleRemoved() (major, minor int) {
	return 1, 43
}
