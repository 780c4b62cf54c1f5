package v1alpha1

func (in *ClusterTrustBundle) APILifecycleDeprecated() (major, minor int) {
	return 1, 34
}

func (in *ClusterTrustBundle) APILifecycleRemoved() (major, minor int) {
	return 1, 37
}

func (in *ClusterTrustBundleList) APILifecycleDeprecated() (major, minor int) {
	return 1, 34
}

func (in *ClusterTrustBundleList) APILifecycleRemoved() (major, minor int) {
	return 1, 37
}
