package a

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
)

// TestSnapshotCopies changes an object of a store on purpose, to show
// that a snapshot taken before holds a copy (kubernetes-ingress-
// controller's cache store test): quiet, a test's store is its own.
func TestSnapshotCopies(t *testing.T) {
	var i Informers
	obj, _, err := i.store.GetByKey("default/foo")
	if err != nil {
		t.Fatal(err)
	}
	pod := obj.(*corev1.Pod)
	pod.Annotations["foo"] = "qux"
}
