package jobs

import (
	"context"

	batchv1beta1 "k8s.io/api/batch/v1beta1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Control writes objects: the controller holds it as an interface so that
// tests can swap in the fake (tidb-operator's GenericControlInterface).
type Control interface {
	CreateOrUpdate(ctx context.Context, obj client.Object) error
}

// realControl is what the controller runs.
type realControl struct{ c client.Client }

// CreateOrUpdate creates obj.
func (r *realControl) CreateOrUpdate(ctx context.Context, obj client.Object) error {
	return r.c.Create(ctx, obj)
}

// FakeControl records what it is given, for tests.
type FakeControl struct{ created []client.Object }

// CreateOrUpdate records obj.
func (f *FakeControl) CreateOrUpdate(_ context.Context, obj client.Object) error {
	f.created = append(f.created, obj)
	return nil
}

// Reader reads objects; two real implementations.
type Reader interface {
	Describe(obj client.Object) string
}

type kindReader struct{}

func (kindReader) Describe(obj client.Object) string { return obj.GetName() }

type nameReader struct{ c client.Client }

func (r nameReader) Describe(obj client.Object) string {
	_ = r.c.Update(context.Background(), obj)
	return ""
}

type controlled struct {
	Control
	Reader
}

// Flagged: the interface's one real implementation creates it.
func (w *controlled) scheduleThroughControl(ctx context.Context) error {
	return w.Control.CreateOrUpdate(ctx, &batchv1beta1.CronJob{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this w.Control.CreateOrUpdate \(which calls Create\) fails on 1.29`
}

// Not flagged: two real implementations, only one of which writes.
func (w *controlled) describeThroughReader() string {
	return w.Reader.Describe(&batchv1beta1.CronJob{})
}
