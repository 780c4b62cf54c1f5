// Package v1 stands in for k8s.io/apimachinery's meta/v1, whose import
// path is what makes a struct a CRD kind.
package v1

// TypeMeta stands in for metav1.TypeMeta.
type TypeMeta struct{}

// ObjectMeta stands in for metav1.ObjectMeta.
type ObjectMeta struct{}
