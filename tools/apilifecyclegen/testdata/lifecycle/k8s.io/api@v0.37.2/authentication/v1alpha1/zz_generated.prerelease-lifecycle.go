package v1alpha1

func (in *SelfSubjectReview) APILifecycleDeprecated() (major, minor int) {
	return 1, 29
}

func (in *SelfSubjectReview) APILifecycleRemoved() (major, minor int) {
	return 1, 32
}
