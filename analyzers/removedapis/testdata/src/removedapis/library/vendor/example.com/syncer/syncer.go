// Package syncer stands for presslabs/controller-util's syncer: a vendored
// library that creates or updates the object it is given with the client
// it is given, when the syncer runs.
package syncer

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Interface interface {
	Sync(ctx context.Context) error
}

type objectSyncer struct {
	obj client.Object
	c   client.Client
	fn  func() error
}

func (s *objectSyncer) Sync(ctx context.Context) error {
	if err := s.fn(); err != nil {
		return err
	}
	return s.c.Update(ctx, s.obj)
}

// NewObjectSyncer returns a syncer that creates or updates obj.
func NewObjectSyncer(name string, owner, obj client.Object, c client.Client, fn func() error) Interface {
	return &objectSyncer{obj: obj, c: c, fn: fn}
}

// Name describes obj; it sends nothing.
func Name(obj client.Object) string { return obj.GetNamespace() + "/" + obj.GetName() }
