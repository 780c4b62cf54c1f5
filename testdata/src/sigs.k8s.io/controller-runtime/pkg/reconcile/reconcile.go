package reconcile

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/types"
)

type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
}

type Request struct {
	types.NamespacedName
}

type Reconciler interface {
	Reconcile(context.Context, Request) (Result, error)
}

type Func func(context.Context, Request) (Result, error)

func (r Func) Reconcile(ctx context.Context, o Request) (Result, error) { return r(ctx, o) }
