// Package handler is a stub of controller-runtime's event handlers.
package handler

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type TypedEventHandler[object any, request comparable] interface {
	Generic(obj object)
}

type EventHandler = TypedEventHandler[client.Object, reconcile.Request]

type TypedEnqueueRequestForObject[object client.Object] struct{}

func (e *TypedEnqueueRequestForObject[T]) Generic(obj T) {}

type EnqueueRequestForObject = TypedEnqueueRequestForObject[client.Object]

type OwnerOption func(e any)

func OnlyControllerOwner() OwnerOption { return nil }

func EnqueueRequestForOwner(scheme *runtime.Scheme, mapper meta.RESTMapper, ownerType client.Object, opts ...OwnerOption) EventHandler {
	return nil
}

// Funcs implements an event handler with the functions in its fields.
type Funcs struct {
	CreateFunc  func(context.Context, event.CreateEvent, workqueue.TypedRateLimitingInterface[reconcile.Request])
	UpdateFunc  func(context.Context, event.UpdateEvent, workqueue.TypedRateLimitingInterface[reconcile.Request])
	DeleteFunc  func(context.Context, event.DeleteEvent, workqueue.TypedRateLimitingInterface[reconcile.Request])
	GenericFunc func(context.Context, event.GenericEvent, workqueue.TypedRateLimitingInterface[reconcile.Request])
}
