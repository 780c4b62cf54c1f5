package a

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// migratorClient is the part of client.Client that a helper needs, kept
// as an interface of its own so that tests can swap it (the caller hands
// it a client.Client). Its Get has client.Reader's signature, options and
// all: it reads from the API server like client.Reader's.
type migratorClient interface {
	Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error
	List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error
	Status() client.StatusWriter
}

type migrator struct {
	Client migratorClient
	Scheme *runtime.Scheme
}

// Not flagged: w is read through the narrow client before its status
// write (operator-controller's BoxcutterStorageMigrator).
func (m *migrator) ensureStatus(ctx context.Context, name string) error {
	w := &v1.Widget{}
	if err := m.Client.Get(ctx, client.ObjectKey{Name: name}, w); err != nil {
		return err
	}
	w.Status.Phase = "Migrated"
	return m.Client.Status().Update(ctx, w)
}

// Flagged: no read at all.
func (m *migrator) setStatus(ctx context.Context, name string) error {
	w := &v1.Widget{}
	w.Name = name
	w.Status.Phase = "Migrated"
	return m.Client.Status().Update(ctx, w) // want `w is built fresh .* so Status\(\).Update sends it without a resourceVersion`
}
