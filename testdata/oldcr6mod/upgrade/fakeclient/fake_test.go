package fakeclient

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// The fake client's result, a client.WithWatch from v0.9, goes where a
// client.Client or client.Reader is expected: quiet.
func TestReconciler(t *testing.T) {
	pod := &corev1.Pod{}
	r := &Reconciler{Client: fake.NewFakeClient(pod)}
	r2 := New(fake.NewFakeClient())
	var c client.Client = fake.NewFakeClient()
	var rd client.Reader
	rd = fake.NewFakeClient(pod)
	_, _, _, _ = r, r2, c, rd
	_ = []client.Client{fake.NewFakeClient()}
	_ = newClient()
}

func newClient() client.Client {
	return fake.NewFakeClient()
}

// A function value of the old type does not compile at the target.
func TestFactory(t *testing.T) {
	var factory func(...runtime.Object) client.Client = fake.NewFakeClient // want `fake.NewFakeClient changed its signature in controller-runtime v0.9`
	_ = factory
	var w struct{ c client.Client }
	w.c = fake.NewFakeClient()
	_ = w
}

// CreateOrUpdate changes in v0.7 (client.Object), but not its client
// parameter, which takes the fake client's new result: quiet.
func TestCreateOrUpdate(t *testing.T) {
	pod := &corev1.Pod{}
	_, _ = controllerutil.CreateOrUpdate(context.TODO(), fake.NewFakeClient(), pod, func() error { return nil })
}
