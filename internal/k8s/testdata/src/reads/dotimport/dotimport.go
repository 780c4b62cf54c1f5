// Package dotimport names the UnsafeDisableDeepCopy option unqualified,
// through a dot import of controller-runtime's client.
package dotimport

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	. "sigs.k8s.io/controller-runtime/pkg/client"
)

func list(ctx context.Context, c Client) {
	c.List(ctx, &corev1.PodList{}, UnsafeDisableDeepCopy) // want `shallow cached read`
}
