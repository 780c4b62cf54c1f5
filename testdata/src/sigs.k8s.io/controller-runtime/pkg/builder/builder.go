package builder

import (
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Builder struct{}

func ControllerManagedBy(m manager.Manager) *Builder { return &Builder{} }

func (blder *Builder) For(object client.Object, opts ...any) *Builder  { return blder }
func (blder *Builder) Owns(object client.Object, opts ...any) *Builder { return blder }
func (blder *Builder) Named(name string) *Builder                      { return blder }
func (blder *Builder) Complete(r reconcile.Reconciler) error           { return nil }

type WebhookBuilder struct{}

func WebhookManagedBy(m manager.Manager) *WebhookBuilder { return &WebhookBuilder{} }

func (blder *WebhookBuilder) For(apiType runtime.Object) *WebhookBuilder { return blder }
func (blder *WebhookBuilder) Complete() error                            { return nil }
