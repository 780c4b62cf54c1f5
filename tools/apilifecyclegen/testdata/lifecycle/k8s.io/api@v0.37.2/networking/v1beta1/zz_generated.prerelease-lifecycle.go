package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *IPAddress) APILifecycleDeprecated() (major, minor int) {
	return 1, 34
}

func (in *IPAddress) APILifecycleRemoved() (major, minor int) {
	return 1, 37
}

func (in *IPAddressList) APILifecycleDeprecated() (major, minor int) {
	return 1, 34
}

func (in *IPAddressList) APILifecycleRemoved() (major, minor int) {
	return 1, 37
}

func (in *Ingress) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *Ingress) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "Ingress"}
}

func (in *Ingress) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *IngressClass) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *IngressClass) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "IngressClassList"}
}

func (in *IngressClass) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *IngressClassList) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *IngressClassList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "IngressClassList"}
}

func (in *IngressClassList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *IngressList) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *IngressList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "IngressList"}
}

func (in *IngressList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *ServiceCIDR) APILifecycleDeprecated() (major, minor int) {
	return 1, 34
}

func (in *ServiceCIDR) APILifecycleRemoved() (major, minor int) {
	return 1, 37
}

func (in *ServiceCIDRList) APILifecycleDeprecated() (major, minor int) {
	return 1, 34
}

func (in *ServiceCIDRList) APILifecycleRemoved() (major, minor int) {
	return 1, 37
}
