// Package res is a helper package of the operator: code that the checks
// of package a cannot see into.
package res

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// GetResource fills obj from the API server.
func GetResource(ctx context.Context, name, ns string, c client.Client, obj client.Object) error {
	return c.Get(ctx, client.ObjectKey{Name: name, Namespace: ns}, obj)
}
