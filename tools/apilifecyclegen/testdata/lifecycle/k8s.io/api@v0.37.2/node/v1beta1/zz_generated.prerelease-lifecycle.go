package v1beta1

func (in *RuntimeClass) APILifecycleDeprecated() (major, minor int) {
	return 1, 22
}

func (in *RuntimeClass) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}

func (in *RuntimeClassList) APILifecycleDeprecated() (major, minor int) {
	return 1, 22
}

func (in *RuntimeClassList) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}
