// Package admission is a stub of controller-runtime's admission webhooks.
package admission

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
)

type Warnings []string

type CustomDefaulter interface {
	Default(ctx context.Context, obj runtime.Object) error
}

type CustomValidator interface {
	ValidateCreate(ctx context.Context, obj runtime.Object) (warnings Warnings, err error)
	ValidateUpdate(ctx context.Context, oldObj, newObj runtime.Object) (warnings Warnings, err error)
	ValidateDelete(ctx context.Context, obj runtime.Object) (warnings Warnings, err error)
}
