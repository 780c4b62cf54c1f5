package depth

// Changes made by a function literal that runs elsewhere: they happen
// where the literal runs, not where it is written (mariadb-operator's
// patch helpers take the change as a callback, written above them).

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type labeller struct {
	c client.Client
}

func (l *labeller) setLabel(ctx context.Context, cm *corev1.ConfigMap) error {
	return l.patch(ctx, cm, func(c *corev1.ConfigMap) { c.Labels = map[string]string{"a": "b"} })
}

// The copy is taken before the callback changes cm: quiet.
func (l *labeller) patch(ctx context.Context, cm *corev1.ConfigMap, fn func(*corev1.ConfigMap)) error {
	p := client.MergeFrom(cm.DeepCopy())
	fn(cm)
	return l.c.Patch(ctx, cm, p)
}

// A local literal written before the copy but called after it: quiet.
func setLater(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	set := func() { cm.Labels = map[string]string{"a": "b"} }
	p := client.MergeFrom(cm.DeepCopy())
	set()
	return c.Patch(ctx, cm, p)
}

// Called before the copy: the change is lost.
func setFirst(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	set := func() { cm.Labels = map[string]string{"a": "b"} }
	set()
	old := cm.DeepCopy()
	return c.Patch(ctx, cm, client.MergeFrom(old)) // want `a copy taken at line 41 after the assignment to cm.Labels at line 39 changed cm`
}
