package v1alpha1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *CSIStorageCapacity) APILifecycleDeprecated() (major, minor int) {
	return 1, 21
}

func (in *CSIStorageCapacity) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1beta1", Kind: "CSIStorageCapacity"}
}

func (in *CSIStorageCapacity) APILifecycleRemoved() (major, minor int) {
	return 1, 24
}

func (in *CSIStorageCapacityList) APILifecycleDeprecated() (major, minor int) {
	return 1, 21
}

func (in *CSIStorageCapacityList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1beta1", Kind: "CSIStorageCapacityList"}
}

func (in *CSIStorageCapacityList) APILifecycleRemoved() (major, minor int) {
	return 1, 24
}

func (in *VolumeAttachment) APILifecycleDeprecated() (major, minor int) {
	return 1, 21
}

func (in *VolumeAttachment) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "VolumeAttachment"}
}

func (in *VolumeAttachment) APILifecycleRemoved() (major, minor int) {
	return 1, 24
}

func (in *VolumeAttachmentList) APILifecycleDeprecated() (major, minor int) {
	return 1, 21
}

func (in *VolumeAttachmentList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "VolumeAttachmentList"}
}

func (in *VolumeAttachmentList) APILifecycleRemoved() (major, minor int) {
	return 1, 24
}

func (in *VolumeAttributesClass) APILifecycleDeprecated() (major, minor int) {
	return 1, 32
}

func (in *VolumeAttributesClass) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "VolumeAttributesClass"}
}

func (in *VolumeAttributesClass) APILifecycleRemoved() (major, minor int) {
	return 1, 35
}

func (in *VolumeAttributesClassList) APILifecycleDeprecated() (major, minor int) {
	return 1, 32
}

func (in *VolumeAttributesClassList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "VolumeAttributesClassList"}
}

func (in *VolumeAttributesClassList) APILifecycleRemoved() (major, minor int) {
	return 1, 35
}
