package v1alpha2

func (in *LeaseCandidate) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *LeaseCandidate) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}

func (in *LeaseCandidateList) APILifecycleDeprecated() (major, minor int) {
	return 1, 35
}

func (in *LeaseCandidateList) APILifecycleRemoved() (major, minor int) {
	return 1, 38
}
