// Package state holds what the operator's reconcilers share: the API
// client sits in a field, so packages that use it need not import
// controller-runtime themselves.
package state

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Ctx is handed to every reconciler of the operator.
type Ctx struct {
	Client client.Client
	Ctx    context.Context
}
