// Package controllerruntime is a stub of the root package of controller-runtime.
package controllerruntime

import (
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Builder = builder.Builder
type Manager = manager.Manager
type Options = manager.Options
type Request = reconcile.Request
type Result = reconcile.Result

var (
	NewControllerManagedBy = builder.ControllerManagedBy
	NewWebhookManagedBy    = builder.WebhookManagedBy
	NewManager             = manager.New
	SetControllerReference = controllerutil.SetControllerReference
	CreateOrUpdate         = controllerutil.CreateOrUpdate
)

func GetConfigOrDie() any { return nil }

var _ types.UID
