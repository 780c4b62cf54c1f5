// Package unsafe reads a shared cache only through the UnsafeDisableDeepCopy
// option (no lister, store or indexer): MayReadCache must still say yes.
package unsafe

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func get(ctx context.Context, c client.Client, key client.ObjectKey) {
	c.Get(ctx, key, &corev1.Pod{}, client.UnsafeDisableDeepCopy) // want `shallow cached read`
	c.Get(ctx, key, &corev1.Pod{})                               // want `^read$`
}
