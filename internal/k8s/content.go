package k8s

import (
	"go/types"
	"strings"
)

// An unstructured object is its content map: Unstructured.Object,
// UnstructuredContent() and runtime.DefaultUnstructuredConverter's
// ToUnstructured of an unstructured object return that map itself, not a
// copy, and &unstructured.Unstructured{Object: m} wraps m without copying
// it. A write into the map is a write into the object.

// IsContentMap reports whether t is map[string]interface{} (or a named
// type of it, or of map[string]any): the type of an unstructured
// object's content.
func IsContentMap(t types.Type) bool {
	if t == nil {
		return false
	}
	m, ok := types.Unalias(t).Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, ok := m.Key().Underlying().(*types.Basic)
	if !ok || k.Kind() != types.String {
		return false
	}
	i, ok := m.Elem().Underlying().(*types.Interface)
	return ok && i.Empty()
}

// IsContentConverter reports whether fn is the UnstructuredConverter's
// ToUnstructured of package runtime: for an unstructured object it returns
// the object's own content map (a typed object's fields go to a new map).
func IsContentConverter(fn *types.Func) bool {
	return IsMethod(fn, Runtime, "unstructuredConverter", "ToUnstructured") ||
		IsMethod(fn, Runtime, "UnstructuredConverter", "ToUnstructured")
}

// IsNestedWrite reports whether fn is one of package unstructured's
// functions that write into the content map given as their first
// argument (SetNestedField, SetNestedMap, RemoveNestedField, ...).
func IsNestedWrite(fn *types.Func) bool {
	if fn == nil || PkgPath(fn.Pkg()) != Unstructured || RecvNamed(fn) != nil {
		return false
	}
	name := fn.Name()
	return strings.HasPrefix(name, "SetNested") || name == "RemoveNestedField"
}
