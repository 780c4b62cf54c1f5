package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *CSIDriver) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *CSIDriver) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "CSIDriver"}
}

func (in *CSIDriver) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *CSIDriverList) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *CSIDriverList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "CSIDriverList"}
}

func (in *CSIDriverList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *CSINode) APILifecycleDeprecated() (major, minor int) {
	return 1, 17
}

func (in *CSINode) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "CSINode"}
}

func (in *CSINode) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *CSINodeList) APILifecycleDeprecated() (major, minor int) {
	return 1, 17
}

func (in *CSINodeList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "CSINode"}
}

func (in *CSINodeList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *CSIStorageCapacity) APILifecycleDeprecated() (major, minor int) {
	return 1, 24
}

func (in *CSIStorageCapacity) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "CSIStorageCapacity"}
}

func (in *CSIStorageCapacity) APILifecycleRemoved() (major, minor int) {
	return 1, 27
}

func (in *CSIStorageCapacityList) APILifecycleDeprecated() (major, minor int) {
	return 1, 24
}

func (in *CSIStorageCapacityList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "CSIStorageCapacityList"}
}

func (in *CSIStorageCapacityList) APILifecycleRemoved() (major, minor int) {
	return 1, 27
}

func (in *StorageClass) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *StorageClass) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "StorageClass"}
}

func (in *StorageClass) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *StorageClassList) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *StorageClassList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "StorageClassList"}
}

func (in *StorageClassList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *VolumeAttachment) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *VolumeAttachment) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "VolumeAttachment"}
}

func (in *VolumeAttachment) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *VolumeAttachmentList) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *VolumeAttachmentList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "VolumeAttachmentList"}
}

func (in *VolumeAttachmentList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *VolumeAttributesClass) APILifecycleDeprecated() (major, minor int) {
	return 1, 34
}

func (in *VolumeAttributesClass) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "VolumeAttributesClass"}
}

func (in *VolumeAttributesClass) APILifecycleRemoved() (major, minor int) {
	return 1, 37
}

func (in *VolumeAttributesClassList) APILifecycleDeprecated() (major, minor int) {
	return 1, 34
}

func (in *VolumeAttributesClassList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "VolumeAttributesClassList"}
}

func (in *VolumeAttributesClassList) APILifecycleRemoved() (major, minor int) {
	return 1, 37
}
