package a

import (
	"context"
	"testing"

	batchv1beta1 "k8s.io/api/batch/v1beta1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A test with a fake client talks to no API server: quiet.
func TestFake(t *testing.T) {
	var c client.Client
	_ = c.Create(context.Background(), &batchv1beta1.CronJob{})
}
