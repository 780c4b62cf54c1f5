package k8s

import (
	"go/types"
	"slices"
)

// FieldMutator reports whether fn is known to change the field whose
// address it is given (meta.SetStatusCondition(&obj.Status.Conditions,
// c), metav1.SetMetaDataLabel(&obj.ObjectMeta, k, v)), and whether it
// writes through the field's map or slice (indirect: an existing
// condition updated in place, a label set in the map) rather than only
// assigning the field.
func FieldMutator(fn *types.Func) (indirect, ok bool) {
	if fn == nil || fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil {
		return false, false
	}
	return FieldMutatorNamed(PkgPath(fn.Pkg()), fn.Name())
}

// FieldMutatorNamed is FieldMutator for a function known by its package
// path and name (a call read from syntax, without type information).
func FieldMutatorNamed(pkg, name string) (indirect, ok bool) {
	pkg = TrimVendor(pkg)
	switch {
	case pkg == APIMeta && name == "SetStatusCondition":
		return true, true
	case pkg == APIMeta && name == "RemoveStatusCondition":
		return false, true // builds a new slice
	case pkg == MetaV1 && (name == "SetMetaDataLabel" || name == "SetMetaDataAnnotation"):
		return true, true
	}
	return false, false
}

// readOnlyMethods are pointer-receiver methods of API value types that
// only read their receiver: the accessors of core/v1's ResourceList
// (pvc.Status.Capacity.Storage()) and the reads of resource.Quantity
// (spec.Size.Value(), q.Cmp(other)). Go passes the field's address to
// them, so without this table a read looks like a change of the field.
var readOnlyMethods = map[string]map[string][]string{
	CoreV1: {"ResourceList": {"Cpu", "Memory", "Storage", "Pods", "StorageEphemeral", "Name"}},
	"k8s.io/apimachinery/pkg/api/resource": {"Quantity": {
		"AsApproximateFloat64", "AsFloat64Slow", "AsInt64", "AsCanonicalBytes", "AsScale",
		"Cmp", "CmpInt64", "Sign", "Value", "MilliValue", "ScaledValue",
	}},
}

// IsReadOnlyMethod reports whether fn is a pointer-receiver method of an
// API value type that only reads its receiver (readOnlyMethods).
func IsReadOnlyMethod(fn *types.Func) bool {
	recv := RecvNamed(fn)
	if recv == nil {
		return false
	}
	byType := readOnlyMethods[PkgPath(recv.Obj().Pkg())]
	return slices.Contains(byType[recv.Obj().Name()], fn.Name())
}
