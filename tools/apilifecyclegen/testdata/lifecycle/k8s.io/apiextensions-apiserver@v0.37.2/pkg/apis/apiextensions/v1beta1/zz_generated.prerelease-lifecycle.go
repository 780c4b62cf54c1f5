package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *ConversionReview) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *ConversionReview) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apiextensions.k8s.io", Version: "v1", Kind: "ConversionReview"}
}

func (in *ConversionReview) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *CustomResourceDefinition) APILifecycleDeprecated() (major, minor int) {
	return 1, 16
}

func (in *CustomResourceDefinition) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apiextensions.k8s.io", Version: "v1", Kind: "CustomResourceDefinition"}
}

func (in *CustomResourceDefinition) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *CustomResourceDefinitionList) APILifecycleDeprecated() (major, minor int) {
	return 1, 16
}

func (in *CustomResourceDefinitionList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "apiextensions.k8s.io", Version: "v1", Kind: "CustomResourceDefinitionList"}
}

func (in *CustomResourceDefinitionList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}
