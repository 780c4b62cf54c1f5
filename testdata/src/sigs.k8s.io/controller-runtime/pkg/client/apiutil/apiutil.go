// Package apiutil is a stub of controller-runtime's apiutil.
package apiutil

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GVKForObject returns the GroupVersionKind of obj's type in scheme.
func GVKForObject(obj runtime.Object, scheme *runtime.Scheme) (schema.GroupVersionKind, error) {
	return schema.GroupVersionKind{}, nil
}
