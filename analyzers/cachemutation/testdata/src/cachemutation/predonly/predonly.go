// Package predonly imports controller-runtime's predicates and not
// client-go's cache: its predicate literals still get the cache's objects.
package predonly

import (
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

func labelsPredicate() predicate.Predicate {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			e.ObjectNew.SetLabels(nil) // want `e.ObjectNew.SetLabels changes the Labels of e.ObjectNew, which comes from the shared informer cache`
			return true
		},
	}
}
