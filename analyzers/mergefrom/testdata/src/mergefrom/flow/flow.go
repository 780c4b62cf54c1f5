// Package flow tests how the mergefrom walk follows control flow.
package flow

import (
	"context"
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}

type WidgetSpec struct{ Size int }

func (in *Widget) DeepCopy() *Widget {
	out := new(Widget)
	*out = *in
	return out
}

func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

const fin = "example.com/f"

func changedInBranch(ctx context.Context, c client.Client, w *Widget, deleting bool) error {
	patch := client.MergeFrom(w) // want `controllerutil.RemoveFinalizer at line 35 changes it`
	if deleting {
		controllerutil.RemoveFinalizer(w, fin)
	} else {
		controllerutil.AddFinalizer(w, fin)
	}
	return c.Patch(ctx, w, patch)
}

func copiedInOneBranch(ctx context.Context, c client.Client, w *Widget, fresh bool) error {
	patch := client.MergeFrom(w) // want `the assignment to w.Spec.Size at line 47`
	if fresh {
		w = w.DeepCopy()
	}
	w.Spec.Size = 1
	return c.Patch(ctx, w, patch)
}

func copiedInBothBranches(ctx context.Context, c client.Client, w *Widget, fresh bool) error {
	patch := client.MergeFrom(w)
	if fresh {
		w = w.DeepCopy()
	} else {
		w = &Widget{}
	}
	w.Spec.Size = 1
	return c.Patch(ctx, w, patch)
}

func returnsEarly(ctx context.Context, c client.Client, w *Widget, done bool) error {
	patch := client.MergeFrom(w.DeepCopy())
	if done {
		w.Spec.Size = 0
		return nil
	}
	return c.Patch(ctx, w, patch)
}

func changeAfterPatch(ctx context.Context, c client.Client, w *Widget) error {
	patch := client.MergeFrom(w.DeepCopy())
	if err := c.Patch(ctx, w, patch); err != nil {
		return err
	}
	w.Spec.Size = 2
	return nil
}

func switchCases(ctx context.Context, c client.Client, w *Widget, n int) error {
	patch := client.MergeFrom(w) // want `the assignment to w.Spec.Size at line 84`
	switch n {
	case 1:
		w.Spec.Size = 1
	case 2:
		return errors.New("two")
	}
	return c.Patch(ctx, w, patch)
}

// The change in one iteration reaches the Patch of the next.
func loopCarried(ctx context.Context, c client.Client, w *Widget, n int) error {
	patch := client.MergeFrom(w) // want `the assignment to w.Spec.Size at line 100 changes it before c.Patch at line 96`
	for i := 0; i < n; i++ {
		if i > 0 {
			if err := c.Patch(ctx, w, patch); err != nil {
				return err
			}
		}
		w.Spec.Size = i
	}
	return nil
}

func perIteration(ctx context.Context, c client.Client, ws []*Widget) error {
	for _, w := range ws {
		patch := client.MergeFrom(w) // want `controllerutil.AddFinalizer at line 108`
		controllerutil.AddFinalizer(w, fin)
		if err := c.Patch(ctx, w, patch); err != nil {
			return err
		}
	}
	return nil
}

func perIterationCopy(ctx context.Context, c client.Client, ws []Widget) error {
	for i := range ws {
		patch := client.MergeFrom(ws[i].DeepCopy())
		controllerutil.AddFinalizer(&ws[i], fin)
		if err := c.Patch(ctx, &ws[i], patch); err != nil {
			return err
		}
	}
	return nil
}

func elementBase(ctx context.Context, c client.Client, ws []Widget) error {
	for i := range ws {
		patch := client.MergeFrom(&ws[i]) // want `client.MergeFrom\(&ws\[i\]\) takes ws\[i\] itself as the patch base, and controllerutil.AddFinalizer`
		controllerutil.AddFinalizer(&ws[i], fin)
		if err := c.Patch(ctx, &ws[i], patch); err != nil {
			return err
		}
	}
	return nil
}

func breakOut(ctx context.Context, c client.Client, w *Widget, items []int) error {
	patch := client.MergeFrom(w) // want `the assignment to w.Spec.Size at line 142`
	for _, it := range items {
		if it > 3 {
			w.Spec.Size = it
			break
		}
	}
	return c.Patch(ctx, w, patch)
}

func deferred(ctx context.Context, c client.Client, w *Widget) (err error) {
	patch := client.MergeFrom(w) // want `the assignment to w.Spec.Size at line 159 changes it before c.Patch at line 153`
	defer func() {
		if err == nil {
			err = c.Patch(ctx, w, patch)
		}
	}()
	if w.Spec.Size > 3 {
		return nil
	}
	w.Spec.Size = 3
	return nil
}

func deferredCopy(ctx context.Context, c client.Client, w *Widget) (err error) {
	patch := client.MergeFrom(w.DeepCopy())
	defer func() {
		err = c.Patch(ctx, w, patch)
	}()
	w.Spec.Size = 3
	return nil
}

func inClosure(ctx context.Context, c client.Client, w *Widget) error {
	return retry(func() error {
		patch := client.MergeFrom(w) // want `controllerutil.AddFinalizer at line 175`
		controllerutil.AddFinalizer(w, fin)
		return c.Patch(ctx, w, patch)
	})
}

func retry(f func() error) error { return f() }

func patchVarCopied(ctx context.Context, c client.Client, w *Widget) error {
	p := client.MergeFrom(w) // want `the assignment to w.Spec.Size at line 185`
	q := p
	w.Spec.Size = 1
	return c.Patch(ctx, w, q)
}

func labeledContinue(ctx context.Context, c client.Client, w *Widget, groups [][]int) error {
	patch := client.MergeFrom(w.DeepCopy())
outer:
	for _, g := range groups {
		for _, v := range g {
			if v < 0 {
				continue outer
			}
			w.Spec.Size += v
		}
	}
	return c.Patch(ctx, w, patch)
}

func logging(ctx context.Context, c client.Client, w *Widget, log interface{ Info(string, ...any) }) error {
	patch := client.MergeFrom(w) // want `takes w itself as the base of the patch`
	log.Info("patching", "widget", w)
	_ = client.ObjectKeyFromObject(w)
	_ = controllerutil.ContainsFinalizer(w, fin)
	return c.Patch(ctx, w, patch)
}

func ignored(ctx context.Context, c client.Client, w *Widget) error {
	//opvet:ignore mergefrom the empty patch only bumps admission webhooks here
	patch := client.MergeFrom(w)
	return c.Patch(ctx, w, patch)
}

func redeclared(ctx context.Context, c client.Client, w *Widget) error {
	patch := client.MergeFrom(w)
	w, err := fetch(w)
	if err != nil {
		return err
	}
	w.Spec.Size = 1
	return c.Patch(ctx, w, patch)
}

func fetch(w *Widget) (*Widget, error) { return w.DeepCopy(), nil }

func rangeAssign(ctx context.Context, c client.Client, w *Widget, ws []*Widget) error {
	patch := client.MergeFrom(w)
	for _, w = range ws {
		w.Spec.Size = 1
	}
	return c.Patch(ctx, w, patch)
}

func selectCase(ctx context.Context, c client.Client, w *Widget, ch chan int) error {
	patch := client.MergeFrom(w) // want `the assignment to w.Spec.Size at line`
	select {
	case n := <-ch:
		w.Spec.Size = n
	case <-ctx.Done():
		return ctx.Err()
	}
	return c.Patch(ctx, w, patch)
}

func typeSwitch(ctx context.Context, c client.Client, obj client.Object) error {
	switch o := obj.(type) {
	case *Widget:
		patch := client.MergeFrom(o) // want `the assignment to o.Spec.Size at line`
		o.Spec.Size = 2
		return c.Patch(ctx, o, patch)
	}
	return nil
}
