package a

// Helpers of another package of the module: wrappers, builders and
// readers, seen through their summaries.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
	"resourceversion/k8sutil"
)

// Flagged.

// Rebuilt by the other package's builder after the read, and sent
// through its wrapper.
func (r *Reconciler) rebuiltAndSaved(ctx context.Context, k *k8sutil.Client, owner *v1.Widget, key client.ObjectKey) error {
	child := &v1.Widget{}
	if err := r.Get(ctx, key, child); err != nil {
		return err
	}
	child = k8sutil.DesiredWidget(owner)
	return k.Save(ctx, child) // want `child is built fresh .* so k.Save \(which calls Update\) sends it`
}

// The other package's helper updates desired and never copies the
// resourceVersion of existing.
func (r *Reconciler) desiredThroughHelper(ctx context.Context, owner *v1.Widget, key client.ObjectKey) error {
	existing := &v1.Widget{}
	if err := r.Get(ctx, key, existing); err != nil {
		return err
	}
	desired := k8sutil.DesiredWidget(owner)
	return k8sutil.UpdateDesired(ctx, r.Client, existing, desired) // want `desired is built fresh .* k8sutil.UpdateDesired \(which calls Update\)`
}

// Not flagged.

// The other package's reader fills the object.
func (r *Reconciler) loadedThenSaved(ctx context.Context, k *k8sutil.Client, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := k.Load(ctx, key, w); err != nil {
		return err
	}
	w.Spec.Size = 3
	return k.Save(ctx, w)
}

// The other package's helper copies the resourceVersion.
func (r *Reconciler) helperCopiesVersion(ctx context.Context, owner *v1.Widget, key client.ObjectKey) error {
	existing := &v1.Widget{}
	if err := r.Get(ctx, key, existing); err != nil {
		return err
	}
	return k8sutil.UpdateFromExisting(ctx, r.Client, existing, k8sutil.DesiredWidget(owner))
}

// A controller that holds the module's client interface.
type ifaceReconciler struct {
	Kube  k8sutil.KubeClient
	Store k8sutil.Store
}

// Flagged: the interface's one implementation updates.
func (r *ifaceReconciler) rebuiltThroughInterface(ctx context.Context, owner *v1.Widget, key client.ObjectKey) error {
	child := &v1.Widget{}
	if err := r.Kube.Load(ctx, key, child); err != nil {
		return err
	}
	child = k8sutil.DesiredWidget(owner)
	return r.Kube.Save(ctx, child) // want `child is built fresh .* so r.Kube.Save \(which calls Update\) sends it`
}

// Not flagged: read through the interface, then sent.
func (r *ifaceReconciler) loadedThroughInterface(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Kube.Load(ctx, key, w); err != nil {
		return err
	}
	w.Spec.Size = 3
	return r.Kube.Save(ctx, w)
}

// Not flagged: the interface has two implementations, one of which
// creates.
func (r *ifaceReconciler) twoImplementations(ctx context.Context, owner *v1.Widget) error {
	return r.Store.Put(ctx, k8sutil.DesiredWidget(owner))
}
