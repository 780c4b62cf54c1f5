package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reads of status quantities through their pointer methods change nothing
// (percona-server-mongodb-operator volumes.go: a PVC resized by Update
// after pvc.Status.Capacity.Storage().Cmp(requested)).

func (r *Reconciler) resizeAfterCapacityRead(ctx context.Context, key client.ObjectKey, requested resource.Quantity) error {
	var pvc corev1.PersistentVolumeClaim
	if err := r.Get(ctx, key, &pvc); err != nil {
		return err
	}
	if pvc.Status.Capacity.Storage().Cmp(requested) == 0 || pvc.Status.Capacity.Storage().Value() > 1 {
		return nil
	}
	pvc.Spec.Resources.Requests[corev1.ResourceStorage] = requested
	return r.Update(ctx, &pvc)
}

// The status capacity itself changed, then sent with Update: reported.
func (r *Reconciler) capacitySetThenUpdate(ctx context.Context, key client.ObjectKey, requested resource.Quantity) error {
	var pvc corev1.PersistentVolumeClaim
	if err := r.Get(ctx, key, &pvc); err != nil {
		return err
	}
	if pvc.Status.Capacity.Storage().Cmp(requested) != 0 {
		pvc.Status.Capacity[corev1.ResourceStorage] = requested
	}
	return r.Update(ctx, &pvc) // want `pvc.Status.Capacity is written but pvc is sent only with Update`
}
