package snapshot

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/patch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A test that changes an object before making a helper, to show that the
// helper does not send the change (cluster-api's own patch tests). Quiet.
func TestChangeBeforeHelper(t *testing.T) {
	ctx := context.Background()
	var c client.Client
	pod := &corev1.Pod{}
	if err := c.Get(ctx, client.ObjectKey{Name: "a"}, pod); err != nil {
		t.Fatal(err)
	}
	pod.Labels["before"] = "helper"
	helper, err := patch.NewHelper(pod, c)
	if err != nil {
		t.Fatal(err)
	}
	if err := helper.Patch(ctx, pod); err != nil {
		t.Fatal(err)
	}
}
