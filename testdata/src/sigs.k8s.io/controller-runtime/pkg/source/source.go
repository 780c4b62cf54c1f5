// Package source is a stub of controller-runtime's event sources.
package source

import (
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type TypedSource[request comparable] interface {
	WaitForSync() error
}

type Source = TypedSource[reconcile.Request]

type SyncingSource = TypedSource[reconcile.Request]

func Kind[object client.Object](cache cache.Cache, obj object, handler handler.TypedEventHandler[object, reconcile.Request], predicates ...predicate.TypedPredicate[object]) SyncingSource {
	return nil
}
