// Package event is a stub of controller-runtime's events: what a source
// hands to predicates and event handlers (objects of the informer cache).
package event

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// CreateEvent is an object created.
type CreateEvent struct {
	Object client.Object
}

// UpdateEvent is an object updated; MetaOld and MetaNew are the fields of
// controller-runtime before v0.7.
type UpdateEvent struct {
	ObjectOld, ObjectNew client.Object
	MetaOld, MetaNew     metav1.Object
}

// DeleteEvent is an object deleted.
type DeleteEvent struct {
	Object             client.Object
	DeleteStateUnknown bool
}

// GenericEvent is any other event.
type GenericEvent struct {
	Object client.Object
}
