package a

import (
	"context"
	"errors"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// A fake reconciler in a test returns both on purpose: not reported.
var fake = reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{RequeueAfter: 5 * time.Second}, errors.New("error")
})
