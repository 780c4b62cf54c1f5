package a

// A parameter sent with Update after the current object was read into
// another variable is judged by its callers when they are all in the
// package (kubeblocks' planGenerator.generatePlan, called through an
// interface of the package with a copy of a Get result).

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// syncDesired reads the current object and sends the desired one, which
// its only caller copied from a Get result: it has a resourceVersion.
func syncDesired(ctx context.Context, c client.Client, desired *v1.Widget) error {
	current := &v1.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	if current.Spec.Size == desired.Spec.Size {
		return nil
	}
	return c.Update(ctx, desired)
}

func reconcileCopy(ctx context.Context, c client.Client, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	desired := w.DeepCopy()
	desired.Spec.Size = 3
	return syncDesired(ctx, c, desired)
}

// The same, through an interface of the package that declares the
// method: its calls run the one implementation.
type planner interface {
	plan(ctx context.Context, desired *v1.Widget) error
}

type widgetPlanner struct{ c client.Client }

func newPlanner(c client.Client) planner { return &widgetPlanner{c: c} }

func (p *widgetPlanner) plan(ctx context.Context, desired *v1.Widget) error {
	current := &v1.Widget{}
	if err := p.c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	return p.c.Update(ctx, desired)
}

func dryRun(ctx context.Context, c client.Client, key client.ObjectKey) error {
	root := &v1.Widget{}
	if err := c.Get(ctx, key, root); err != nil {
		return err
	}
	return newPlanner(c).plan(ctx, root.DeepCopy())
}

// Flagged: the only caller builds the object fresh.
func pushDesired(ctx context.Context, c client.Client, desired *v1.Widget) error {
	current := &v1.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	return c.Update(ctx, desired) // want `desired is sent with Update, but the current object was read into current`
}

func reconcileFresh(ctx context.Context, c client.Client) error {
	return pushDesired(ctx, c, &v1.Widget{}) // want `the new Widget is built fresh and never read from the API server, so pushDesired`
}

// Flagged: the caller passes on its own parameter, and it is exported,
// so what it is given is unseen.
func ApplyWidget(ctx context.Context, c client.Client, desired *v1.Widget) error {
	return applyWidget(ctx, c, desired)
}

func applyWidget(ctx context.Context, c client.Client, desired *v1.Widget) error {
	current := &v1.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	return c.Update(ctx, desired) // want `desired is sent with Update, but the current object was read into current`
}

// Flagged: used as a value, so its calls are unseen.
func storeWidget(ctx context.Context, c client.Client, desired *v1.Widget) error {
	current := &v1.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	return c.Update(ctx, desired) // want `desired is sent with Update, but the current object was read into current`
}

var widgetStore = storeWidget

// The caller's own parameter, from a caller that passes a Get result:
// quiet through two levels.
func relayCopy(ctx context.Context, c client.Client, desired *v1.Widget) error {
	return relayed(ctx, c, desired)
}

func relayed(ctx context.Context, c client.Client, desired *v1.Widget) error {
	current := &v1.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	return c.Update(ctx, desired)
}

func reconcileRelay(ctx context.Context, c client.Client, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	return relayCopy(ctx, c, w)
}

// Flagged: an exported relay hands a copy of its parameter through a
// closure (VictoriaMetrics' reconcile.Service).
func ApplyWidgetRetry(ctx context.Context, c client.Client, desired *v1.Widget) error {
	cp := desired.DeepCopy()
	f := func() error { return applyWidgetLit(ctx, c, cp) }
	return f()
}

func applyWidgetLit(ctx context.Context, c client.Client, desired *v1.Widget) error {
	current := &v1.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	return c.Update(ctx, desired) // want `desired is sent with Update, but the current object was read into current`
}

// Flagged: a fresh object captured by a closure.
func reconcileFreshLit(ctx context.Context, c client.Client) error {
	w := &v1.Widget{}
	f := func() error { return pushDesiredLit(ctx, c, w) } // want `w is built fresh and never read from the API server, so pushDesiredLit`
	return f()
}

func pushDesiredLit(ctx context.Context, c client.Client, desired *v1.Widget) error {
	current := &v1.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	return c.Update(ctx, desired) // want `desired is sent with Update, but the current object was read into current`
}

// Flagged: by value, from a fresh object.
func reconcileFreshVal(ctx context.Context, c client.Client) error {
	w := v1.Widget{}
	w.Name = "x"
	return pushVal(ctx, c, w) // want `w is built fresh and never read from the API server, so pushVal`
}

func pushVal(ctx context.Context, c client.Client, desired v1.Widget) error {
	current := &v1.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(&desired), current); err != nil {
		return err
	}
	return c.Update(ctx, &desired) // want `desired is sent with Update, but the current object was read into current`
}

// Flagged: the elements of a slice parameter, fresh at the top.
func reconcileFreshSlice(ctx context.Context, c client.Client) error {
	ws := []*v1.Widget{{}}
	return pushAll(ctx, c, ws) // want `ws is built fresh and never read from the API server, so pushAll`
}

func pushAll(ctx context.Context, c client.Client, ws []*v1.Widget) error {
	for _, w := range ws {
		if err := pushElem(ctx, c, w); err != nil {
			return err
		}
	}
	return nil
}

func pushElem(ctx context.Context, c client.Client, desired *v1.Widget) error {
	current := &v1.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	return c.Update(ctx, desired) // want `desired is sent with Update, but the current object was read into current`
}

// Flagged: elements of a value slice built by a helper (kyverno's
// createPVNew).
func buildW() v1.Widget { return v1.Widget{} }

func reconcileFreshVSlice(ctx context.Context, c client.Client) error {
	var ws []v1.Widget
	ws = append(ws, buildW())
	return pushAllV(ctx, c, ws)
}

func pushAllV(ctx context.Context, c client.Client, ws []v1.Widget) error {
	for _, w := range ws {
		if err := pushElemV(ctx, c, w); err != nil {
			return err
		}
	}
	return nil
}

func pushElemV(ctx context.Context, c client.Client, desired v1.Widget) error {
	current := &v1.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(&desired), current); err != nil {
		return err
	}
	return c.Update(ctx, &desired) // want `desired is sent with Update, but the current object was read into current`
}
