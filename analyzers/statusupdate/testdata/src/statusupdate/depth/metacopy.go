package depth

import (
	"context"

	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// The status set, then on each try the server's metadata copied in before
// a status patch against the object just read (sriov-network-operator's
// updateSyncState): the metadata is the server's, so nothing of it is
// left to send. Quiet.
func (r *Reconciler) syncStateWithServerMeta(ctx context.Context, desired *v1.Widget, msg string) error {
	current := &v1.Widget{}
	desired.Status.Phase = msg
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
			return err
		}
		desired.ObjectMeta = current.ObjectMeta
		return r.Status().Patch(ctx, desired, client.MergeFrom(current))
	})
}

// Labels set on the copied metadata are a change of their own: lost by
// the status patch.
func (r *Reconciler) labelOnServerMeta(ctx context.Context, desired *v1.Widget) error {
	current := &v1.Widget{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	desired.ObjectMeta = current.ObjectMeta
	desired.Labels["synced"] = "true"
	desired.Status.Phase = "synced"
	return r.Status().Patch(ctx, desired, client.MergeFrom(current)) // want `desired.Labels is written but desired is sent only with Status\(\).Patch`
}
