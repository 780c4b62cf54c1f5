package reconcile

import (
	"context"
	"errors"
	"time"

	"k8s.io/apimachinery/pkg/types"
)

type Result struct {
	// Deprecated: Use `RequeueAfter` instead.
	Requeue      bool
	RequeueAfter time.Duration
	Priority     *int
}

func (r *Result) IsZero() bool {
	if r == nil {
		return true
	}
	return *r == Result{}
}

type Request struct {
	types.NamespacedName
}

type Reconciler = TypedReconciler[Request]

type TypedReconciler[request comparable] interface {
	Reconcile(context.Context, request) (Result, error)
}

type Func = TypedFunc[Request]

type TypedFunc[request comparable] func(context.Context, request) (Result, error)

func (r TypedFunc[request]) Reconcile(ctx context.Context, req request) (Result, error) {
	return r(ctx, req)
}

func TerminalError(wrapped error) error {
	return &terminalError{err: wrapped}
}

type terminalError struct {
	err error
}

func (te *terminalError) Unwrap() error { return te.err }

func (te *terminalError) Error() string { return "terminal error" }

func (te *terminalError) Is(target error) bool {
	tp := &terminalError{}
	return errors.As(target, &tp)
}
