// Package unstructured is a stub of apimachinery's unstructured objects.
package unstructured

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

type Unstructured struct {
	Object map[string]interface{}
}

func (u *Unstructured) GetObjectKind() schema.ObjectKind                { return u }
func (u *Unstructured) SetGroupVersionKind(gvk schema.GroupVersionKind) {}
func (u *Unstructured) GroupVersionKind() schema.GroupVersionKind       { return schema.GroupVersionKind{} }
func (u *Unstructured) DeepCopyObject() runtime.Object                  { return u.DeepCopy() }
func (u *Unstructured) DeepCopy() *Unstructured                         { out := *u; return &out }
func (u *Unstructured) UnstructuredContent() map[string]interface{}     { return u.Object }
func (u *Unstructured) SetUnstructuredContent(content map[string]interface{}) {
	u.Object = content
}
func (u *Unstructured) GetName() string                           { return "" }
func (u *Unstructured) SetName(name string)                       {}
func (u *Unstructured) GetNamespace() string                      { return "" }
func (u *Unstructured) SetNamespace(namespace string)             {}
func (u *Unstructured) GetResourceVersion() string                { return "" }
func (u *Unstructured) SetResourceVersion(resourceVersion string) {}
func (u *Unstructured) GetDeletionTimestamp() *metav1.Time        { return nil }
func (u *Unstructured) GetLabels() map[string]string              { return nil }
func (u *Unstructured) SetLabels(labels map[string]string)        {}

type UnstructuredList struct {
	Object map[string]interface{}
	Items  []Unstructured
}

func (u *UnstructuredList) GetObjectKind() schema.ObjectKind { return nil }
func (u *UnstructuredList) DeepCopyObject() runtime.Object   { out := *u; return &out }

func (u *Unstructured) GetGenerateName() string                               { return "" }
func (u *Unstructured) SetGenerateName(name string)                           {}
func (u *Unstructured) GetUID() types.UID                                     { return "" }
func (u *Unstructured) SetUID(uid types.UID)                                  {}
func (u *Unstructured) GetGeneration() int64                                  { return 0 }
func (u *Unstructured) SetGeneration(generation int64)                        {}
func (u *Unstructured) GetCreationTimestamp() metav1.Time                     { return metav1.Time{} }
func (u *Unstructured) SetCreationTimestamp(t metav1.Time)                    {}
func (u *Unstructured) SetDeletionTimestamp(t *metav1.Time)                   {}
func (u *Unstructured) GetAnnotations() map[string]string                     { return nil }
func (u *Unstructured) SetAnnotations(annotations map[string]string)          {}
func (u *Unstructured) GetFinalizers() []string                               { return nil }
func (u *Unstructured) SetFinalizers(finalizers []string)                     {}
func (u *Unstructured) GetOwnerReferences() []metav1.OwnerReference           { return nil }
func (u *Unstructured) SetOwnerReferences(references []metav1.OwnerReference) {}
