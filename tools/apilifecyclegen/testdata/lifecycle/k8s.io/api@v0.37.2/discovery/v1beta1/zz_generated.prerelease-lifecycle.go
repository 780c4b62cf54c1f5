package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *EndpointSlice) APILifecycleDeprecated() (major, minor int) {
	return 1, 21
}

func (in *EndpointSlice) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "discovery.k8s.io", Version: "v1", Kind: "EndpointSlice"}
}

func (in *EndpointSlice) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}

func (in *EndpointSliceList) APILifecycleDeprecated() (major, minor int) {
	return 1, 21
}

func (in *EndpointSliceList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "discovery.k8s.io", Version: "v1", Kind: "EndpointSlice"}
}

func (in *EndpointSliceList) APILifecycleRemoved() (major, minor int) {
	return 1, 25
}
