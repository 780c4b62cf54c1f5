package a

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Tests are not judged: no manager cancels their context and no lease
// is lost (open-cluster-management's e2e helpers take a ctx and call the
// client with context.TODO()).
func waitForPod(ctx context.Context, t *testing.T, c client.Client, key client.ObjectKey) {
	pod := &corev1.Pod{}
	if err := c.Get(context.TODO(), key, pod); err != nil {
		t.Fatal(err)
	}
}
