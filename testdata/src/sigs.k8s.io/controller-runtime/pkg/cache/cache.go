// Package cache is a stub of controller-runtime's informer cache (before
// v0.23 moved Informers to cache/cacheapi).
package cache

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Cache interface {
	client.Reader
	Informers
}

type Informer interface {
	HasSynced() bool
}

type InformerGetOption func(*InformerGetOptions)

type InformerGetOptions struct{}

type Informers interface {
	GetInformer(ctx context.Context, obj client.Object, opts ...InformerGetOption) (Informer, error)
	GetInformerForKind(ctx context.Context, gvk schema.GroupVersionKind, opts ...InformerGetOption) (Informer, error)
	client.FieldIndexer
}
