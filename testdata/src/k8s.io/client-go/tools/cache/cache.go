// Package cache is a stub of client-go's informer cache: stores,
// indexers, informers and the generic lister. Signatures match the real
// package.
package cache

type SharedInformer interface {
	AddEventHandler(handler ResourceEventHandler) (ResourceEventHandlerRegistration, error)
	Run(stopCh <-chan struct{})
	GetStore() Store
	HasSynced() bool
}

type SharedIndexInformer interface {
	SharedInformer
	AddIndexers(indexers Indexers) error
	GetIndexer() Indexer
}

type Indexer interface {
	Store
	Index(indexName string, obj interface{}) ([]interface{}, error)
	IndexKeys(indexName, indexedValue string) ([]string, error)
	ListIndexFuncValues(indexName string) []string
	ByIndex(indexName, indexedValue string) ([]interface{}, error)
	GetIndexers() Indexers
	AddIndexers(newIndexers Indexers) error
}

type IndexFunc func(obj interface{}) ([]string, error)

type Indexers map[string]IndexFunc
