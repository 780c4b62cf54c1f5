package meta

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Accessor returns obj as a metav1.Object.
func Accessor(obj interface{}) (metav1.Object, error) {
	if m, ok := obj.(metav1.Object); ok {
		return m, nil
	}
	return nil, nil
}

// EachListItem calls fn for each item of the list obj.
func EachListItem(obj runtime.Object, fn func(runtime.Object) error) error { return nil }
