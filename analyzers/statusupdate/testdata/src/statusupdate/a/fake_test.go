package a

import (
	"context"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// Tests set up fixtures with whatever client they have (often a fake
// that keeps everything it is sent): not reported.
func TestFixture(t *testing.T) {
	var c client.Client
	w := &v1.Widget{}
	w.Status.Phase = "Ready"
	if err := c.Update(context.Background(), w); err != nil {
		t.Fatal(err)
	}
}
