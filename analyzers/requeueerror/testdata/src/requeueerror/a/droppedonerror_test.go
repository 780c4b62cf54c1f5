package a

import (
	"context"
	"testing"

	v1 "example.com/operator/api/v1"
)

// A test that calls the helper itself and looks at its pair is no
// caller that returns it to controller-runtime.
func TestReconcileVolumes(t *testing.T) {
	t.Run("requeues", func(t *testing.T) {
		r := &BastionReconciler{}
		result, err := r.reconcileVolumes(context.Background(), []*v1.Widget{{}})
		if err != nil || result.RequeueAfter == 0 {
			t.Fatal(result, err)
		}
	})
}
