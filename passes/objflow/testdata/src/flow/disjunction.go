package flow

// A bool result that is the disjunction of what the function's changes
// returned (VictoriaMetrics operator's mergeMetaInternal): where it is
// false, the finalizer was not removed; the labels, set on every path,
// stay changed.

import (
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func ownerAdded(obj client.Object, owner metav1.OwnerReference) (bool, error) {
	for _, ref := range obj.GetOwnerReferences() {
		if ref.UID == owner.UID {
			return false, nil
		}
	}
	obj.SetOwnerReferences(append(obj.GetOwnerReferences(), owner))
	return true, nil
}

func labelsMerged(existing, desired map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range existing {
		out[k] = v
	}
	for k, v := range desired {
		out[k] = v
	}
	return out
}

func metaMerged(existing, desired client.Object, owner metav1.OwnerReference, remove bool) (bool, error) {
	refChanged, err := ownerAdded(existing, owner)
	if err != nil {
		return false, err
	}
	labels := existing.GetLabels()
	var finChanged bool
	if remove {
		finChanged = controllerutil.RemoveFinalizer(existing, "f")
	}
	merged := labelsMerged(labels, desired.GetLabels())
	changed := refChanged || finChanged || !equality.Semantic.DeepEqual(labels, merged)
	existing.SetLabels(merged)
	DebugChanges(existing) // want `existing=Param\{Finalizers\(controllerutil.RemoveFinalizer\),Labels\(existing.SetLabels\),OwnerReferences\(ownerAdded\)\}`
	if !changed {
		DebugChanges(existing) // want `existing=Param\{Labels\(existing.SetLabels\)\}`
	}
	return changed, nil
}

func metaMergedAgain(existing, desired client.Object, owner metav1.OwnerReference) (bool, error) {
	return metaMerged(existing, desired, owner, true)
}

func mergedOrUpdated(existing, desired client.Object, owner metav1.OwnerReference, size int) {
	metaChanged, err := metaMergedAgain(existing, desired, owner)
	if err != nil {
		return
	}
	DebugChanges(existing) // want `existing=Param\{Finalizers\(metaMergedAgain\),Labels\(metaMergedAgain\),OwnerReferences\(metaMergedAgain\)\}`
	needsUpdate := metaChanged || size > 0
	if !needsUpdate {
		DebugChanges(existing) // want `existing=Param\{Labels\(metaMergedAgain\),OwnerReferences\(metaMergedAgain\)\}`
		return
	}
	DebugChanges(existing) // want `existing=Param\{Finalizers\(metaMergedAgain\),Labels\(metaMergedAgain\),OwnerReferences\(metaMergedAgain\)\}`
}
