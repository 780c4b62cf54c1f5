package clientgo

import (
	"context"
	"testing"

	"k8s.io/client-go/kubernetes"
)

// A test calls the legacy constructor directly, with a fake client that
// serves anything: not a use the cluster sees.
func TestLegacyDeleter(t *testing.T) {
	var cs kubernetes.Interface
	if err := newLegacyBuiltDeleter(cs).deleteAll(context.Background()); err != nil {
		t.Fatal(err)
	}
}
