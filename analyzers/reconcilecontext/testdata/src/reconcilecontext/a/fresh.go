package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A worker whose context parameter only ever receives a context made with
// context.Background(), or nil (argo-cd's application controller): its
// context is not cancelled either, so context.Background() in its calls
// loses nothing. Quiet.
type worker struct{ c client.Client }

func (w *worker) loop() {
	ctx := context.Background()
	ctx = context.WithValue(ctx, ctxKey{}, "trace") // a tracer span's context, derived from itself
	w.persistAll(ctx)
	w.persist(nil, &corev1.ConfigMap{})
}

// persistAll hands its own context on: only ever a fresh one too.
func (w *worker) persistAll(ctx context.Context) {
	w.persist(ctx, &corev1.ConfigMap{})
}

type ctxKey struct{}

func (w *worker) persist(ctx context.Context, obj *corev1.ConfigMap) {
	_ = w.c.Get(context.Background(), client.ObjectKeyFromObject(obj), obj)
}

func (w *worker) Start() { go w.loop() }

// The same helper, one of whose callers hands it the context of its own
// caller: reported.
type relay struct{ c client.Client }

func (r *relay) sync(ctx context.Context) {
	r.save(ctx, &corev1.ConfigMap{})
	r.save(context.TODO(), &corev1.ConfigMap{})
}

func (r *relay) save(ctx context.Context, obj *corev1.ConfigMap) {
	_ = r.c.Get(context.Background(), client.ObjectKeyFromObject(obj), obj) // want `context.Background\(\)`
}

// A context made fresh and then derived from itself, in a function that
// has the reconcile's: reported at its first call.
func (r *relay) tagged(ctx context.Context, obj *corev1.ConfigMap) {
	bg := context.Background()
	bg = context.WithValue(bg, ctxKey{}, "trace")
	_ = r.c.Get(bg, client.ObjectKeyFromObject(obj), obj) // want `bg, derived from context.Background\(\)`
}
