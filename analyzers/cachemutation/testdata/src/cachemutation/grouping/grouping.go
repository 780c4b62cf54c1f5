// Package grouping lists widgets without copying them and groups them:
// another package of the module than the reconciler's.
package grouping

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "cachemutation/api/v1"
)

// Widgets groups widgets by phase.
type Widgets struct {
	Ready   []*v1.Widget
	Pending []*v1.Widget
	// Copies are deep copies, the caller's own.
	Copies []*v1.Widget
}

// List lists the widgets with UnsafeDisableDeepCopy and groups them.
func List(ctx context.Context, c client.Client) (*Widgets, error) {
	var list v1.WidgetList
	if err := c.List(ctx, &list, client.UnsafeDisableDeepCopy); err != nil {
		return nil, err
	}
	out := &Widgets{}
	for i := range list.Items {
		w := &list.Items[i]
		out.Copies = append(out.Copies, w.DeepCopy())
		if w.Status.Phase == "Ready" {
			out.Ready = append(out.Ready, w)
		} else {
			out.Pending = append(out.Pending, w)
		}
	}
	return out, nil
}
