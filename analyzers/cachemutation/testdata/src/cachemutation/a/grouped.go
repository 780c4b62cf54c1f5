package a

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "cachemutation/api/v1"
	"cachemutation/grouping"
)

// widgetGroups sorts listed widgets by phase.
type widgetGroups struct {
	ready   []*v1.Widget
	pending []*v1.Widget
}

// groupWidgets lists the widgets without copying them and groups them in
// slices of a struct it returns.
func (r *Reconciler) groupWidgets(ctx context.Context) (*widgetGroups, error) {
	var list v1.WidgetList
	if err := r.List(ctx, &list, client.UnsafeDisableDeepCopy); err != nil {
		return nil, err
	}
	groups := &widgetGroups{}
	for i := range list.Items {
		w := &list.Items[i]
		if w.Status.Phase == "Ready" {
			groups.ready = append(groups.ready, w)
		} else {
			groups.pending = append(groups.pending, w)
		}
	}
	return groups, nil
}

// relabelPending changes the labels of objects that share the cache's
// maps, reached through the struct a helper returned.
func (r *Reconciler) relabelPending(ctx context.Context) error {
	groups, err := r.groupWidgets(ctx)
	if err != nil {
		return err
	}
	for _, w := range groups.pending {
		w.Labels["example.com/pending"] = "true" // want `changes w, which is a shallow copy of a cached object`
	}
	return nil
}

// relabelInPlace groups and changes in one function.
func (r *Reconciler) relabelInPlace(ctx context.Context) error {
	var list v1.WidgetList
	if err := r.List(ctx, &list, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	groups := &widgetGroups{}
	for i := range list.Items {
		groups.pending = append(groups.pending, &list.Items[i])
	}
	for _, w := range groups.pending {
		w.Labels["example.com/pending"] = "true" // want `changes w, which is a shallow copy of a cached object`
	}
	return nil
}

// relabelCopies: a holder whose slices hold deep copies is the function's
// own.
func (r *Reconciler) relabelCopies(ctx context.Context) error {
	var list v1.WidgetList
	if err := r.List(ctx, &list, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	var groups widgetGroups
	for i := range list.Items {
		groups.pending = append(groups.pending, list.Items[i].DeepCopy())
		groups.ready = append(groups.ready, &list.Items[i])
	}
	for _, w := range groups.pending {
		w.Labels["example.com/pending"] = "true"
	}
	return nil
}

// relabelAfterFill: a holder handed to a method of the package is not
// followed (the method may replace its fields): as for any struct, the
// objects stored in it are no longer followed.
func (r *Reconciler) relabelAfterFill(ctx context.Context) error {
	var list v1.WidgetList
	if err := r.List(ctx, &list, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	groups := &widgetGroups{}
	for i := range list.Items {
		groups.pending = append(groups.pending, &list.Items[i])
	}
	r.copyAll(groups)
	for _, w := range groups.pending {
		w.Labels["example.com/pending"] = "true"
	}
	return nil
}

// copyAll replaces the groups' objects with deep copies.
func (r *Reconciler) copyAll(g *widgetGroups) {
	for i, w := range g.pending {
		g.pending[i] = w.DeepCopy()
	}
}

// relabelGrouped: the groups come from a function of another package of
// the module, whose summary says which fields hold the cache's objects.
func (r *Reconciler) relabelGrouped(ctx context.Context) error {
	groups, err := grouping.List(ctx, r.Client)
	if err != nil {
		return err
	}
	for _, w := range groups.Copies {
		w.Labels["example.com/copy"] = "true"
	}
	for _, w := range groups.Ready {
		w.Labels["example.com/ready"] = "true" // want `changes w, which is a shallow copy of a cached object`
	}
	return nil
}
