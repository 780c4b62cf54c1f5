package controllers

import (
	"context"

	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// A helper whose bool result is the disjunction of what its changes
// returned (VictoriaMetrics operator's mergeMetaInternal: changed :=
// refChanged || finChanged || labels differ), and a caller that updates
// the object only where that result, or a disjunction of it, is true:
// where it is false the helper removed no finalizer, so the path that
// returns without an Update drops nothing.

// ownerRefAdded adds owner to obj's owner references unless it is there,
// and says whether it did.
func ownerRefAdded(obj client.Object, owner metav1.OwnerReference) (bool, error) {
	for _, ref := range obj.GetOwnerReferences() {
		if ref.UID == owner.UID {
			return false, nil
		}
	}
	obj.SetOwnerReferences(append(obj.GetOwnerReferences(), owner))
	return true, nil
}

// mergeLabels returns existing with desired's labels on top.
func mergeLabels(existing, desired map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range existing {
		out[k] = v
	}
	for k, v := range desired {
		out[k] = v
	}
	return out
}

// mergeMetaChanged merges desired's metadata into existing and says
// whether anything changed. It sets the labels on every path: where
// they were equal, to an equal map.
func mergeMetaChanged(existing, desired client.Object, owner metav1.OwnerReference, removeFinalizer bool) (bool, error) {
	refChanged, err := ownerRefAdded(existing, owner)
	if err != nil {
		return false, err
	}
	labels := existing.GetLabels()
	var finChanged bool
	if removeFinalizer {
		finChanged = controllerutil.RemoveFinalizer(existing, "widgets.example.com/cleanup")
	}
	merged := mergeLabels(labels, desired.GetLabels())
	changed := refChanged || finChanged || !equality.Semantic.DeepEqual(labels, merged)
	existing.SetLabels(merged)
	return changed, nil
}

// mergeMeta is mergeMetaChanged, through one more call.
func mergeMeta(existing, desired client.Object, owner metav1.OwnerReference, removeFinalizer bool) (bool, error) {
	return mergeMetaChanged(existing, desired, owner, removeFinalizer)
}

// syncWidget updates the widget only where the metadata or the spec
// changed.
func syncWidget(ctx context.Context, c client.Client, desired *api.Widget, owner metav1.OwnerReference, removeFinalizer bool) error {
	existing := &api.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), existing); err != nil {
		return err
	}
	metaChanged, err := mergeMeta(existing, desired, owner, removeFinalizer)
	if err != nil {
		return err
	}
	needsUpdate := metaChanged || existing.Spec.Size != desired.Spec.Size
	if !needsUpdate {
		return nil
	}
	existing.Spec = desired.Spec
	return c.Update(ctx, existing)
}

// syncWidgetDirect tests the helper's result itself.
func syncWidgetDirect(ctx context.Context, c client.Client, desired *api.Widget, owner metav1.OwnerReference) error {
	existing := &api.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), existing); err != nil {
		return err
	}
	changed, err := mergeMetaChanged(existing, desired, owner, true)
	if err != nil {
		return err
	}
	if !changed && existing.Spec.Size == desired.Spec.Size {
		return nil
	}
	return c.Update(ctx, existing)
}

// mergeMetaForgetful leaves the finalizer's outcome out of its result:
// where it is false, the finalizer may have been removed.
func mergeMetaForgetful(existing, desired client.Object, owner metav1.OwnerReference) (bool, error) {
	refChanged, err := ownerRefAdded(existing, owner)
	if err != nil {
		return false, err
	}
	labels := existing.GetLabels()
	controllerutil.RemoveFinalizer(existing, "widgets.example.com/cleanup") // want `finalizer "widgets.example.com/cleanup" is removed from existing but the object is never updated or patched afterwards on the path of syncWidgetForgetful that returns at line 132`
	merged := mergeLabels(labels, desired.GetLabels())
	changed := refChanged || !equality.Semantic.DeepEqual(labels, merged)
	existing.SetLabels(merged)
	return changed, nil
}

// syncWidgetForgetful returns without an Update where the forgetful
// helper's result is false: the removed finalizer is dropped.
func syncWidgetForgetful(ctx context.Context, c client.Client, desired *api.Widget, owner metav1.OwnerReference) error {
	existing := &api.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), existing); err != nil {
		return err
	}
	metaChanged, err := mergeMetaForgetful(existing, desired, owner)
	if err != nil {
		return err
	}
	needsUpdate := metaChanged || existing.Spec.Size != desired.Spec.Size
	if !needsUpdate {
		return nil
	}
	existing.Spec = desired.Spec
	return c.Update(ctx, existing)
}
