package a

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// Rule 4 through a helper of the package that writes the status.

// setReadyStatus sets the status of the kinds it knows and sends it (a
// fake client's interceptor, VictoriaMetrics operator's k8stools).
func setReadyStatus(ctx context.Context, c client.Client, obj client.Object) error {
	switch v := obj.(type) {
	case *appsv1.Deployment:
		v.Status.AvailableReplicas = 1
	case *v1.Widget:
		v.Status.Phase = "Ready"
	default:
		return nil
	}
	return c.Status().Update(ctx, obj)
}

// Not flagged: the helper sends the status it sets, not the stored one.
func updateThenReady(ctx context.Context, c client.Client, obj client.Object) error {
	if err := c.Update(ctx, obj); err != nil {
		return err
	}
	return setReadyStatus(ctx, c, obj)
}

// sendStatus only sends the status.
func sendStatus(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Status().Update(ctx, obj)
}

// Flagged: the helper sends whatever status obj holds, which the Update
// replaced with the stored one.
func updateThenSend(ctx context.Context, c client.Client, obj client.Object) error {
	if err := c.Update(ctx, obj); err != nil { // want `obj is sent with Update, which replaces obj with what the server stored, before Status\(\).Update at line 47 with no status change between`
		return err
	}
	return sendStatus(ctx, c, obj)
}
