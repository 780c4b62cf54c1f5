package unstructured

import "k8s.io/apimachinery/pkg/runtime/schema"

func (u *UnstructuredList) SetAPIVersion(version string)                    {}
func (u *UnstructuredList) SetKind(kind string)                             {}
func (u *UnstructuredList) SetGroupVersionKind(gvk schema.GroupVersionKind) {}

func (u *UnstructuredList) GetResourceVersion() string        { return "" }
func (u *UnstructuredList) SetResourceVersion(version string) {}
func (u *UnstructuredList) GetContinue() string               { return "" }
func (u *UnstructuredList) SetContinue(c string)              {}
