// Package predicate is a stub of controller-runtime's event predicates.
package predicate

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

type TypedPredicate[object any] interface {
	Generic(obj object) bool
}

// Predicate filters events before they are enqueued.
type Predicate interface {
	Create(event.CreateEvent) bool
	Update(event.UpdateEvent) bool
	Delete(event.DeleteEvent) bool
	Generic(event.GenericEvent) bool
}

// Funcs is a Predicate made of functions; a nil function passes the event.
type Funcs struct {
	CreateFunc  func(event.CreateEvent) bool
	UpdateFunc  func(event.UpdateEvent) bool
	DeleteFunc  func(event.DeleteEvent) bool
	GenericFunc func(event.GenericEvent) bool
}

func (p Funcs) Create(e event.CreateEvent) bool   { return p.CreateFunc == nil || p.CreateFunc(e) }
func (p Funcs) Update(e event.UpdateEvent) bool   { return p.UpdateFunc == nil || p.UpdateFunc(e) }
func (p Funcs) Delete(e event.DeleteEvent) bool   { return p.DeleteFunc == nil || p.DeleteFunc(e) }
func (p Funcs) Generic(e event.GenericEvent) bool { return p.GenericFunc == nil || p.GenericFunc(e) }

// NewPredicateFuncs makes Funcs that filter every event's object.
func NewPredicateFuncs(filter func(object client.Object) bool) Funcs { return Funcs{} }
