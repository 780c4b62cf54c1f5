// Package old exercises resourceversion with controller-runtime before
// v0.15.
package old

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) freshStatus(ctx context.Context, ns string) error {
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "svc", Namespace: ns}}
	return r.Status().Update(ctx, svc) // want `svc is built fresh .* so Status\(\).Update sends it without a resourceVersion and it silently overwrites concurrent changes to the Service`
}

func (r *Reconciler) fetched(ctx context.Context, key types.NamespacedName) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	return r.Status().Update(ctx, svc)
}
