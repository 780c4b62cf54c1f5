package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *APIService) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *APIService) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apiregistration.k8s.io", Version: "v1", Kind: "APIService"}
}

func (in *APIService) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *APIServiceList) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *APIServiceList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apiregistration.k8s.io", Version: "v1", Kind: "APIServiceList"}
}

func (in *APIServiceList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}
