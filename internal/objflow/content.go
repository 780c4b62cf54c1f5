package objflow

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// Content maps. An unstructured object is its content map: u.Object,
// u.UnstructuredContent() and runtime.DefaultUnstructuredConverter's
// ToUnstructured(u) return the map itself, and
// &unstructured.Unstructured{Object: m} wraps m without a copy. A local
// variable of the map's type (map[string]interface{}) is followed: it
// holds the objects whose content it is, so that a write into it (m[k] =
// v, delete(m, k), unstructured.SetNestedField(m, ...)) changes them and a
// literal wrapping it is the same object. The map handed to any other
// function is not followed (as before: it is no object).

// isContentField reports whether the selection e is the Object field of
// an unstructured.Unstructured.
func isContentField(e *ast.SelectorExpr, sel *types.Selection) bool {
	return e.Sel.Name == "Object" && k8s.IsContentMap(sel.Type()) && k8s.IsUnstructured(sel.Recv())
}

// wrapsContent reports whether lit, of type t, is an unstructured object
// given only its Object map: unstructured.Unstructured{Object: m}.
func wrapsContent(lit *ast.CompositeLit, t types.Type) bool {
	return k8s.IsUnstructured(t) && len(lit.Elts) == 1 && astx.KeyedField(lit, "Object") != nil
}

// keepTypes returns the objects of set whose type keep accepts (set
// itself when it accepts them all).
func (a *analysis) keepTypes(set Set, keep func(types.Type) bool) Set {
	var out Set
	for _, id := range set {
		if keep(a.vals.all[id].Type) {
			out = append(out, id)
		}
	}
	if len(out) == len(set) {
		return set
	}
	return out
}

// mayBeUnstructured reports whether a converter may return the content of
// an object of type t as it is: t is unstructured or an interface (a
// typed object is converted into a new map).
func mayBeUnstructured(t types.Type) bool {
	return t == nil || types.IsInterface(t) || k8s.IsUnstructured(t)
}

// contentCall returns the results of a call that returns or writes an
// object's content map: the converter's ToUnstructured (the object's own
// map when it may be unstructured, and an error) and package
// unstructured's writes into the map they are given first.
func (a *analysis) contentCall(site *CallSite, fn *types.Func) ([]Set, bool) {
	call := site.Call
	switch {
	case k8s.IsContentConverter(fn) && len(site.Args) == 1:
		var content Set
		if t := a.pkg.info.TypeOf(call.Args[0]); t != nil && mayBeUnstructured(t) {
			content = a.keepTypes(site.Args[0], mayBeUnstructured)
		}
		return []Set{content, nil}, true
	case k8s.IsNestedWrite(fn) && len(site.Args) > 0:
		c := Change{Pos: call.Pos(), Path: []string{"Object"}, What: types.ExprString(call.Fun), Indirect: true}
		a.change(site.Args[0], c, call.Args[0])
		return a.results(call, 0), true
	}
	return nil, false
}

// contentRoot returns the content map that the write e reaches: e itself
// (delete(m, k)) or the root of its indexes and type assertions (m[k] = v,
// m["spec"].(map[string]interface{})["x"] = v), when it is a followed
// local variable or an unstructured object's Object field.
func (a *analysis) contentRoot(e ast.Expr) (ast.Expr, bool) {
	info := a.pkg.info
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.IndexExpr:
			if !k8s.IsContentMap(info.TypeOf(x.X)) {
				if _, ok := ast.Unparen(x.X).(*ast.TypeAssertExpr); !ok {
					return nil, false
				}
			}
			e = x.X
			continue
		case *ast.TypeAssertExpr:
			e = x.X
			continue
		}
		break
	}
	if !k8s.IsContentMap(info.TypeOf(e)) {
		return nil, false
	}
	switch x := e.(type) {
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		return e, ok && a.local(v) && a.followed(v)
	case *ast.SelectorExpr:
		sel := info.Selections[x]
		return e, sel != nil && sel.Kind() == types.FieldVal && isContentField(x, sel)
	}
	return nil, false
}

// hasContent reports whether a change of an object's content, made
// through the content map of an object that might be unstructured (a
// helper given a client.Object converts it), changes an object of type t:
// not a typed object, which the converter copied.
func hasContent(t types.Type) bool { return !typedWithoutContent(t) }

// typedWithoutContent reports whether t is a typed object (not
// unstructured) without an Object field.
func typedWithoutContent(t types.Type) bool {
	if t == nil || !k8s.IsConcreteObject(t) || k8s.IsUnstructured(t) {
		return false
	}
	f, _, _ := types.LookupFieldOrMethod(t, true, nil, "Object")
	return f == nil
}
