// Package cache is a stub of client-go's informer cache.
package cache

type SharedIndexInformer interface {
	Run(stopCh <-chan struct{})
	GetIndexer() Indexer
}

type Indexer interface {
	List() []interface{}
}

type IndexFunc func(obj interface{}) ([]string, error)

type Indexers map[string]IndexFunc
