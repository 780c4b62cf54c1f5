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
