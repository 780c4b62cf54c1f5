package a

import (
	"context"

	"github.com/awslabs/operatorpkg/status"
	"k8s.io/apimachinery/pkg/api/equality"
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
	status.NewReadyConditions().For(c, status.WithClock(nil)).SetTrue("Ready")
	return r.Status().Update(ctx, c)
}

// Flagged: a condition set and sent only with a plain write.
func (r *Reconciler) launch(ctx context.Context, c *claimapi.Claim) error {
	c.StatusConditions().SetTrue("Launched")
	return r.Update(ctx, c) // want `c.Status.Conditions is written but c is sent only with Update`
}

// Flagged: the same through a set bound by For.
func (r *Reconciler) launchFor(ctx context.Context, c *claimapi.Claim) error {
	status.NewReadyConditions().For(c, status.WithClock(nil)).SetTrue("Launched")
	return r.Update(ctx, c) // want `c.Status.Conditions is written but c is sent only with Update`
}

// Flagged: a read of the conditions changes nothing, so the status patch
// sends the stored status back.
func (r *Reconciler) markRead(ctx context.Context, c *claimapi.Claim) error {
	if err := r.Update(ctx, c); err != nil { // want `c is sent with Update, which replaces c with what the server stored, before Status\(\).Update at line 54 with no status change between`
		return err
	}
	_ = c.StatusConditions().IsTrue("Ready")
	return r.Status().Update(ctx, c)
}

// Not flagged: the annotations are patched wherever they changed, and
// the status patch's base is taken after that patch (karpenter's repair
// controller).
func (r *Reconciler) annotateAndMark(ctx context.Context, c *claimapi.Claim, repaired bool) error {
	stored := c.DeepCopy()
	if repaired {
		c.Annotations = withAnnotation(c.Annotations, "example.com/repaired", "true")
	} else {
		delete(c.Annotations, "example.com/repaired")
	}
	if !equality.Semantic.DeepEqual(stored.Annotations, c.Annotations) {
		if err := r.Patch(ctx, c, client.MergeFromWithOptions(stored, client.MergeFromWithOptimisticLock{})); err != nil {
			return err
		}
	}
	stored = c.DeepCopy()
	c.StatusConditions(status.WithClock(nil)).SetTrue("Repaired")
	return r.Status().Patch(ctx, c, client.MergeFromWithOptions(stored, client.MergeFromWithOptimisticLock{}))
}

func withAnnotation(m map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for key, val := range m {
		out[key] = val
	}
	return out
}

// Not flagged: the same with a read of the conditions before the copy,
// and the object read here (karpenter's repair controller).
func (r *Reconciler) commitReboot(ctx context.Context, key client.ObjectKey, tgp *string) (bool, error) {
	c := &claimapi.Claim{}
	if err := r.Get(ctx, key, c); err != nil {
		return false, client.IgnoreNotFound(err)
	}
	if c.StatusConditions().Get("Rebooting") != nil || !c.DeletionTimestamp.IsZero() {
		return false, nil
	}
	stored := c.DeepCopy()
	if tgp != nil {
		c.Annotations = assign(c.Annotations, map[string]string{"example.com/tgp": *tgp})
	} else {
		delete(c.Annotations, "example.com/tgp")
	}
	if !equality.Semantic.DeepEqual(stored.Annotations, c.Annotations) {
		if err := r.Patch(ctx, c, client.MergeFromWithOptions(stored, client.MergeFromWithOptimisticLock{})); err != nil {
			return false, err
		}
	}
	stored = c.DeepCopy()
	c.StatusConditions(status.WithClock(nil)).SetTrue("Rebooting")
	if err := r.Status().Patch(ctx, c, client.MergeFromWithOptions(stored, client.MergeFromWithOptimisticLock{})); err != nil {
		return false, err
	}
	return true, nil
}

func assign[K comparable, V any](maps ...map[K]V) map[K]V {
	out := map[K]V{}
	for _, m := range maps {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}
