package client

import "context"

type IndexerFunc func(Object) []string

type FieldIndexer interface {
	IndexField(ctx context.Context, obj Object, field string, extractValue IndexerFunc) error
}
