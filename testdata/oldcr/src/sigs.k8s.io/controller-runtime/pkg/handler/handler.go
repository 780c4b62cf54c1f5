// Package handler is a stub of controller-runtime's event handlers before
// v0.15, when EnqueueRequestForOwner was a struct.
package handler

import "k8s.io/apimachinery/pkg/runtime"

type EventHandler interface {
	Generic(obj any)
}

type EnqueueRequestForOwner struct {
	OwnerType    runtime.Object
	IsController bool
}

func (e *EnqueueRequestForOwner) Generic(obj any) {}
