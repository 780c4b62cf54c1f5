package a

// A per-request struct holds the object; a method of the package sends it.

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

type widgetSync struct {
	r       *Reconciler
	desired *v1.Widget
}

func (s *widgetSync) apply(ctx context.Context) error { return s.r.Update(ctx, s.desired) }

// Flagged: the object in the struct's field is built fresh.
func (r *Reconciler) syncFresh(ctx context.Context, owner *v1.Widget) error {
	s := widgetSync{r: r, desired: &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: owner.Name}}}
	return s.apply(ctx) // want `s.desired is built fresh and never read from the API server, so s.apply \(which calls Update\) sends it`
}

// Not flagged: the object was read into the field first.
func (r *Reconciler) syncFetched(ctx context.Context, owner *v1.Widget) error {
	s := widgetSync{r: r, desired: &v1.Widget{}}
	if err := r.Get(ctx, keyOf(owner), s.desired); err != nil {
		return err
	}
	s.desired.Spec.Size = 2
	return s.apply(ctx)
}

// Not flagged: a method re-binds the field before the write.
func (r *Reconciler) syncReloaded(ctx context.Context, owner *v1.Widget) error {
	s := widgetSync{r: r, desired: &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: owner.Name}}}
	s.reload(ctx)
	return s.apply(ctx)
}

func (s *widgetSync) reload(ctx context.Context) { s.desired = s.r.current(ctx) }

func keyOf(w *v1.Widget) client.ObjectKey { return client.ObjectKeyFromObject(w) }

func (r *Reconciler) current(ctx context.Context) *v1.Widget {
	w := &v1.Widget{}
	_ = r.Get(ctx, client.ObjectKey{Name: "w"}, w)
	return w
}
