package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *StorageVersionMigration) APILifecycleDeprecated() (major, minor int) {
	return 1, 37
}

func (in *StorageVersionMigration) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storagemigration.k8s.io", Version: "v1", Kind: "StorageVersionMigration"}
}

func (in *StorageVersionMigration) APILifecycleRemoved() (major, minor int) {
	return 1, 40
}

func (in *StorageVersionMigrationList) APILifecycleDeprecated() (major, minor int) {
	return 1, 37
}

func (in *StorageVersionMigrationList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "storagemigration.k8s.io", Version: "v1", Kind: "StorageVersionMigrationList"}
}

func (in *StorageVersionMigrationList) APILifecycleRemoved() (major, minor int) {
	return 1, 40
}
