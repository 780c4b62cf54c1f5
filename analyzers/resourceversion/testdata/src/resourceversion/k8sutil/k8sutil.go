// Package k8sutil is a module's own client wrapper and builders, in a
// package of their own (pkg/k8s, internal/util): their callers in other
// packages see what they do through their summaries (facts).
package k8sutil

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// Client wraps the controller-runtime client.
type Client struct{ C client.Client }

// Save updates the object it is given.
func (k *Client) Save(ctx context.Context, obj client.Object) error { return k.C.Update(ctx, obj) }

// Load reads the object it is given.
func (k *Client) Load(ctx context.Context, key client.ObjectKey, obj client.Object) error {
	return k.C.Get(ctx, key, obj)
}

// DesiredWidget builds the Widget a Widget owner wants.
func DesiredWidget(owner *v1.Widget) *v1.Widget {
	return &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace}}
}

// UpdateDesired updates desired, the caller's new object, and forgets the
// resourceVersion of existing.
func UpdateDesired(ctx context.Context, c client.Client, existing, desired *v1.Widget) error {
	desired.Spec = existing.Spec
	return c.Update(ctx, desired)
}

// UpdateFromExisting copies the resourceVersion of existing first.
func UpdateFromExisting(ctx context.Context, c client.Client, existing, desired *v1.Widget) error {
	desired.ResourceVersion = existing.ResourceVersion
	return c.Update(ctx, desired)
}

// KubeClient is the module's own client interface, held in controllers'
// fields so that tests can swap it; *Client is its one implementation.
type KubeClient interface {
	Save(ctx context.Context, obj client.Object) error
	Load(ctx context.Context, key client.ObjectKey, obj client.Object) error
}

// Store has two implementations: a call of Put may run either.
type Store interface {
	Put(ctx context.Context, obj client.Object) error
}

// UpdatingStore updates what it is given.
type UpdatingStore struct{ C client.Client }

// Put updates obj.
func (s UpdatingStore) Put(ctx context.Context, obj client.Object) error { return s.C.Update(ctx, obj) }

// CreatingStore creates what it is given.
type CreatingStore struct{ C client.Client }

// Put creates obj.
func (s CreatingStore) Put(ctx context.Context, obj client.Object) error { return s.C.Create(ctx, obj) }

// MergeMetadata keeps the labels of old that new lacks and takes old's
// resourceVersion: the caller hands it &desired.ObjectMeta.
func MergeMetadata(new *metav1.ObjectMeta, old metav1.ObjectMeta) {
	new.ResourceVersion = old.ResourceVersion
	for k, v := range old.Labels {
		if _, ok := new.Labels[k]; !ok {
			new.SetLabels(map[string]string{k: v})
		}
	}
}

// MergeLabels keeps the labels of old only.
func MergeLabels(new *metav1.ObjectMeta, old metav1.ObjectMeta) {
	new.SetLabels(old.Labels)
}
