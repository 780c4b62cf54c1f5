package a

// controller-runtime hands predicates the objects of the informer cache.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	v1 "example.com/operator/api/v1"
)

// SpecChangePredicate levels the resourceVersions before comparing, on the
// cache's own object (operator-tools).
type SpecChangePredicate struct {
	predicate.Funcs
}

func (SpecChangePredicate) Update(e event.UpdateEvent) bool {
	e.MetaNew.SetResourceVersion(e.MetaOld.GetResourceVersion()) // want `e.MetaNew.SetResourceVersion changes the ResourceVersion of e.MetaNew, which comes from the shared informer cache, .*; change a deep copy of the object instead of e.MetaNew$`
	return e.ObjectNew.GetGeneration() != e.ObjectOld.GetGeneration()
}

// Create reads only.
func (SpecChangePredicate) Create(e event.CreateEvent) bool {
	return e.Object.GetLabels()["managed"] == "true"
}

// CopyingPredicate changes a deep copy: quiet.
type CopyingPredicate struct {
	predicate.Funcs
}

func (CopyingPredicate) Update(e event.UpdateEvent) bool {
	newObj := e.ObjectNew.DeepCopyObject().(client.Object)
	newObj.SetResourceVersion(e.ObjectOld.GetResourceVersion())
	return newObj.GetName() != ""
}

func predicates() []predicate.Predicate {
	return []predicate.Predicate{
		predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool {
				e.ObjectNew.SetLabels(nil) // want `e.ObjectNew.SetLabels changes the Labels of e.ObjectNew, which comes from the shared informer cache`
				return true
			},
			DeleteFunc: func(e event.DeleteEvent) bool {
				return !e.DeleteStateUnknown && e.Object.GetName() != ""
			},
		},
		predicate.NewPredicateFuncs(func(obj client.Object) bool {
			obj.SetAnnotations(map[string]string{}) // want `obj.SetAnnotations changes the Annotations of obj, which comes from the shared informer cache`
			return true
		}),
	}
}

// notAPredicate has an Update method of another shape: its argument is its
// caller's.
type notAPredicate struct{}

func (notAPredicate) Update(obj client.Object) bool {
	obj.SetLabels(nil)
	return true
}

// relevant is a predicate's filter (predicate.NewPredicateFuncs(relevant))
// that Reconcile also calls on the object it read with Get, its own deep
// copy (kubeblocks' checkConfigurationObject): the filter's cached
// argument is not what it does to its callers' objects.
func relevant(obj client.Object) bool { return obj.GetLabels()["app"] != "" }

func relevantPredicate() predicate.Predicate { return predicate.NewPredicateFuncs(relevant) }

func (r *Reconciler) annotateRelevant(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	if !relevant(w) {
		return nil
	}
	w.Annotations["seen"] = "true"
	return r.Update(ctx, w)
}
