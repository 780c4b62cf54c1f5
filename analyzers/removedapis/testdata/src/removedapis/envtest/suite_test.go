package envtest

import (
	"context"
	"testing"

	policyv1beta1 "k8s.io/api/policy/v1beta1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

var k8sClient client.Client

// The tests run against a real API server (envtest): their requests fail
// like the operator's.
func TestPDB(t *testing.T) {
	env := &envtest.Environment{}
	_, _ = env.Start()
	_ = k8sClient.Create(context.Background(), &policyv1beta1.PodDisruptionBudget{}) // want `policy/v1beta1 PodDisruptionBudget was removed in Kubernetes 1.25, so this Create fails on 1.30`
}
