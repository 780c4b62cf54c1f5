package k8s

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"
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

// conditionPackages are the packages whose exported Set*, Mark* and Delete
// functions set or remove a status condition of the object they are given
// first (cluster-api's conditions.MarkTrue(obj, t), flux's
// conditions.MarkFalse(obj, t, reason, msg)).
var conditionPackages = []string{
	"sigs.k8s.io/cluster-api/util/conditions",
	"sigs.k8s.io/cluster-api/util/conditions/v1beta2",
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions",
	"github.com/fluxcd/pkg/runtime/conditions",
}

// IsConditionSetter reports whether fn is a function of cluster-api's or
// flux's conditions package that changes the status conditions of the
// object it is given as its first argument.
func IsConditionSetter(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() != nil || sig.Params().Len() == 0 || !slices.Contains(conditionPackages, PkgPath(fn.Pkg())) {
		return false
	}
	name := fn.Name()
	return strings.HasPrefix(name, "Set") || strings.HasPrefix(name, "Mark") || name == "Delete"
}

// OperatorpkgStatus is the package of awslabs/operatorpkg's condition
// sets, which karpenter and its providers use for their status.
const OperatorpkgStatus = "github.com/awslabs/operatorpkg/status"

// conditionSetSetters are the methods of operatorpkg's status.ConditionSet
// that set or clear a condition of the object the set is bound to (they
// end in object.SetConditions).
var conditionSetSetters = []string{"Set", "SetTrue", "SetTrueWithReason", "SetFalse", "SetUnknown", "SetUnknownWithReason", "Clear"}

// ConditionSetObject returns the object whose status conditions call
// changes, when call is a setter of operatorpkg's status.ConditionSet
// called on a set bound to that object in the same expression:
// obj.StatusConditions().SetFalse(t, reason, msg), where StatusConditions
// is a method of the object's type returning a ConditionSet, or
// status.NewReadyConditions(...).For(obj).SetTrue(t).
func ConditionSetObject(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !slices.Contains(conditionSetSetters, sel.Sel.Name) || !IsConditionSet(info.TypeOf(sel.X)) {
		return nil, false
	}
	inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	bind, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	if bind.Sel.Name == "For" && len(inner.Args) > 0 && IsConditionSet(info.TypeOf(bind.X)) {
		return inner.Args[0], true
	}
	if s := info.Selections[bind]; s != nil && s.Kind() == types.MethodVal {
		return bind.X, true // obj.StatusConditions(status.WithClock(clk)): options only
	}
	return nil, false
}

// IsConditionSetBinding reports whether fn is operatorpkg's
// ConditionTypes.For(obj, opts...), which returns a set bound to obj and
// changes nothing.
func IsConditionSetBinding(fn *types.Func) bool {
	if fn == nil || fn.Name() != "For" {
		return false
	}
	recv := RecvNamed(fn)
	return recv != nil && IsConditionSet(recv)
}

// IsConditionSet reports whether t is operatorpkg's status.ConditionSet
// or its ConditionTypes (whose For binds an object).
func IsConditionSet(t types.Type) bool {
	n := NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil || PkgPath(n.Obj().Pkg()) != OperatorpkgStatus {
		return false
	}
	return n.Obj().Name() == "ConditionSet" || n.Obj().Name() == "ConditionTypes"
}

// IsPatchSnapshot reports whether fn is cluster-api's patch.NewHelper(obj,
// c), which keeps a copy of obj as it is when called: the helper's Patch
// sends only what changed since then.
func IsPatchSnapshot(fn *types.Func) bool {
	return IsFunc(fn, ClusterAPIPatch, "NewHelper") || IsFunc(fn, ClusterAPIPatchV1Beta1, "NewHelper")
}
