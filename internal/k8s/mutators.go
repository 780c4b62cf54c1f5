package k8s

import "go/types"

// FieldMutator reports whether fn is known to change the field whose
// address it is given (meta.SetStatusCondition(&obj.Status.Conditions,
// c), metav1.SetMetaDataLabel(&obj.ObjectMeta, k, v)), and whether it
// writes through the field's map or slice (indirect: an existing
// condition updated in place, a label set in the map) rather than only
// assigning the field.
func FieldMutator(fn *types.Func) (indirect, ok bool) {
	switch {
	case IsFunc(fn, APIMeta, "SetStatusCondition"):
		return true, true
	case IsFunc(fn, APIMeta, "RemoveStatusCondition"):
		return false, true // builds a new slice
	case IsFunc(fn, MetaV1, "SetMetaDataLabel"), IsFunc(fn, MetaV1, "SetMetaDataAnnotation"):
		return true, true
	}
	return false, false
}
