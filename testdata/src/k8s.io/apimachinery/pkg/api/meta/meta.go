package meta

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Accessor returns obj as a metav1.Object.
func Accessor(obj interface{}) (metav1.Object, error) {
	if m, ok := obj.(metav1.Object); ok {
		return m, nil
	}
	return nil, nil
}
