package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/cmapi"
)

// Not flagged: an external issuer patches the status of a kind whose
// status subresource opvet cannot tell from its markers (+genclient
// without +genclient:noStatus): unknown, so silent.
func (r *Reconciler) sign(ctx context.Context, req *cmapi.Request, cert []byte) error {
	patch := client.MergeFrom(req.DeepCopy())
	req.Status.Certificate = cert
	return r.Status().Patch(ctx, req, patch)
}
