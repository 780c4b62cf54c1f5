package v2beta1

func (in *APIGroupDiscovery) APILifecycleDeprecated() (major, minor int) {
	return 1, 32
}

func (in *APIGroupDiscovery) APILifecycleRemoved() (major, minor int) {
	return 1, 35
}

func (in *APIGroupDiscoveryList) APILifecycleDeprecated() (major, minor int) {
	return 1, 32
}

func (in *APIGroupDiscoveryList) APILifecycleRemoved() (major, minor int) {
	return 1, 35
}
