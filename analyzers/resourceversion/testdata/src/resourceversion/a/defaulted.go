package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Defaulted with the scheme and compared semantically before the read
// (VictoriaMetrics/operator's reconcile.Service): neither gives the desired
// object a resourceVersion.
func applyDefaultedService(ctx context.Context, c client.Client, svc, prev *corev1.Service) error {
	c.Scheme().Default(svc)
	unchanged := prev != nil && equality.Semantic.DeepDerivative(prev, svc)
	existing := &corev1.Service{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(svc), existing); err != nil {
		return err
	}
	if unchanged && equality.Semantic.DeepDerivative(svc.Spec, existing.Spec) {
		return nil
	}
	return c.Update(ctx, svc) // want `svc is sent with Update, but the current object was read into existing`
}

// The same with the resourceVersion copied: quiet.
func applyDefaultedServiceCopied(ctx context.Context, c client.Client, svc *corev1.Service) error {
	c.Scheme().Default(svc)
	existing := &corev1.Service{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(svc), existing); err != nil {
		return err
	}
	svc.ResourceVersion = existing.ResourceVersion
	return c.Update(ctx, svc)
}
