package a

import (
	"context"

	v1 "cachemutation/api/v1"
	"cachemutation/grouping"
)

// scaleDownGrouped hands the grouped shallow copies to a method of the
// package that gives them to a generic batch helper of another package
// with a closure, which locks and deletes each one (openkruise/agents#386:
// the lock annotation was written into the informer cache's map). The
// change is reported in lockAndDelete, which changes and writes.
func (r *Reconciler) scaleDownGrouped(ctx context.Context) error {
	groups, err := r.groupWidgets(ctx)
	if err != nil {
		return err
	}
	return r.scaleDownWidgets(ctx, *groups)
}

func (r *Reconciler) scaleDownWidgets(ctx context.Context, groups widgetGroups) error {
	candidates := append(groups.pending, groups.ready...)
	deleteFunc := func(w *v1.Widget) error {
		return r.lockAndDelete(ctx, w)
	}
	_, err := grouping.EachSlowly(candidates, deleteFunc)
	return err
}

func (r *Reconciler) lockAndDelete(ctx context.Context, w *v1.Widget) error {
	grouping.Lock(w, "scale-down") // want `grouping.Lock changes the Annotations of w, which is a shallow copy of a cached object whose maps and slices are the cache.s, handed down by r.scaleDownWidgets at line 20`
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	return r.Delete(ctx, w)
}

// scaleDownCopies: the closure is given deep copies: quiet.
func (r *Reconciler) scaleDownCopies(ctx context.Context) error {
	groups, err := r.groupWidgets(ctx)
	if err != nil {
		return err
	}
	var copies []*v1.Widget
	for _, w := range groups.pending {
		copies = append(copies, w.DeepCopy())
	}
	_, err = grouping.EachSlowly(copies, func(w *v1.Widget) error {
		return r.lockAndDelete(ctx, w)
	})
	grouping.Keep(func(w *v1.Widget) error {
		return r.lockAndDelete(ctx, w)
	})
	return err
}

// lockPending hands the groups to a function that changes the objects of
// a field and writes none: reported at its call, naming the field.
func (r *Reconciler) lockPending(ctx context.Context) error {
	groups, err := r.groupWidgets(ctx)
	if err != nil {
		return err
	}
	lockAll(groups) // want `lockAll changes the Annotations of groups.pending\[i\], which is a shallow copy of a cached object`
	return nil
}

func lockAll(g *widgetGroups) {
	for _, w := range g.pending {
		grouping.Lock(w, "all")
	}
}

// byRevision regroups grouped objects (openkruise/agents'
// buildUpdateGroups): its result's fields hold the objects of its
// argument's fields.
type byRevision struct {
	old, current []*v1.Widget
}

func regroup(groups widgetGroups, revision string) *byRevision {
	out := &byRevision{}
	for _, w := range groups.pending {
		if w.Labels["example.com/revision"] == revision {
			out.current = append(out.current, w)
		} else {
			out.old = append(out.old, w)
		}
	}
	return out
}

// rollingUpdate: the regrouped objects are copied into a slice of the
// callee's and locked in a callback: reported where they are locked and
// written.
func (r *Reconciler) rollingUpdate(ctx context.Context) error {
	groups, err := r.groupWidgets(ctx)
	if err != nil {
		return err
	}
	byRev := regroup(*groups, "v2")
	if byRev == nil {
		return nil
	}
	return r.replaceOld(ctx, byRev)
}

func (r *Reconciler) replaceOld(ctx context.Context, byRev *byRevision) error {
	old := make([]*v1.Widget, len(byRev.old))
	copy(old, byRev.old)
	_, err := grouping.EachSlowly(old, func(w *v1.Widget) error {
		return r.lockForUpdate(ctx, w)
	})
	return err
}

func (r *Reconciler) lockForUpdate(ctx context.Context, w *v1.Widget) error {
	grouping.Lock(w, "rolling-update") // want `grouping.Lock changes the Annotations of w, which is a shallow copy of a cached object whose maps and slices are the cache.s, handed down by r.replaceOld at line 107`
	return r.Update(ctx, w)
}
