package v1beta1

func (in *Event) APILifecycleDeprecated() (major, minor int) {
	return 1, 22
}

func (in *Event) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}

func (in *EventList) APILifecycleDeprecated() (major, minor int) {
	return 1, 22
}

func (in *EventList) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}
