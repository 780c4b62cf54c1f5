package a

import (
	"context"

	"github.com/awslabs/operatorpkg/status"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/a/claimapi"
)

// Not flagged: the condition set after the Patch is the status change
// that the status patch sends (karpenter's reboot controller).
func (r *Reconciler) markTerminal(ctx context.Context, c *claimapi.Claim) error {
	stored := c.DeepCopy()
	c.Annotations = map[string]string{"example.com/terminal": "true"}
	if err := r.Patch(ctx, c, client.MergeFrom(stored)); err != nil {
		return err
	}
	stored = c.DeepCopy()
	c.StatusConditions().SetFalse("Ready", "Terminal", "the node is gone")
	return r.Status().Patch(ctx, c, client.MergeFrom(stored))
}

// Not flagged: the same with a set bound by For.
func (r *Reconciler) markTerminalFor(ctx context.Context, c *claimapi.Claim) error {
	if err := r.Update(ctx, c); err != nil {
		return err
	}
	status.NewReadyConditions().For(c).SetTrue("Ready")
	return r.Status().Update(ctx, c)
}

// Flagged: a condition set and sent only with a plain write.
func (r *Reconciler) launch(ctx context.Context, c *claimapi.Claim) error {
	c.StatusConditions().SetTrue("Launched")
	return r.Update(ctx, c) // want `c.Status.Conditions is written but c is sent only with Update`
}

// Flagged: a read of the conditions changes nothing, so the status patch
// sends the stored status back.
func (r *Reconciler) markRead(ctx context.Context, c *claimapi.Claim) error {
	if err := r.Update(ctx, c); err != nil { // want `c is sent with Update, which replaces c with what the server stored, before Status\(\).Update at line 47 with no status change between`
		return err
	}
	_ = c.StatusConditions().IsTrue("Ready")
	return r.Status().Update(ctx, c)
}
