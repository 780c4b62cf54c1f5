package mergefrom

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
)

// A path names a memory location by the variable it starts from and the
// fields, map or slice elements and getter results that lead to it:
// obj.ObjectMeta.Labels["k"] is {obj, [ObjectMeta Labels ["k"]]}. Pointer
// indirections are transparent (the object behind obj is obj), and
// promoted fields are spelled out, so obj.Labels and obj.ObjectMeta.Labels
// are the same path.
type path struct {
	root  *types.Var
	elems []elem
}

// An elem is one step of a path: a field, the result of a getter call, or
// an element of a map, slice or array.
type elem struct {
	name string       // field or method name; "" for an element
	call bool         // the result of a call of method name
	key  types.Object // element at the index held by this variable
	val  string       // element at this constant index
	wild bool         // element at an index we cannot name
}

func (e elem) same(o elem) bool {
	return e.name == o.name && e.call == o.call && e.key == o.key && e.val == o.val && !e.wild && !o.wild
}

// mayAlias reports whether e and o may be the same step: equal, or both
// elements and one of them unnamed.
func (e elem) mayAlias(o elem) bool {
	if e.same(o) {
		return true
	}
	isElem := func(x elem) bool { return x.name == "" }
	return isElem(e) && isElem(o) && (e.wild || o.wild)
}

// relation is how two paths relate as memory locations.
type relation int

const (
	unrelated relation = iota
	samePath           // the same location
	inside             // the second path lies inside the first
	around             // the second path is a proper prefix of the first
)

// relate says where q lies relative to p, treating unnamed indexes as
// possibly equal.
func relate(p, q path) relation {
	if p.root == nil || p.root != q.root {
		return unrelated
	}
	n := min(len(p.elems), len(q.elems))
	for i := range n {
		if !p.elems[i].mayAlias(q.elems[i]) {
			return unrelated
		}
	}
	switch {
	case len(p.elems) == len(q.elems):
		return samePath
	case len(p.elems) < len(q.elems):
		return inside
	default:
		return around
	}
}

// identical reports whether p and q certainly name the same location.
func identical(p, q path) bool {
	if p.root == nil || p.root != q.root || len(p.elems) != len(q.elems) {
		return false
	}
	for i := range p.elems {
		if !p.elems[i].same(q.elems[i]) {
			return false
		}
	}
	return true
}

// exact reports whether every index of p is named.
func (p path) exact() bool {
	for _, e := range p.elems {
		if e.wild {
			return false
		}
	}
	return true
}

// pathOf returns the path of e, if e is a location reachable from a
// variable. With calls, results of argument-less method calls other than
// copies (obj.GetLabels()) are steps of the path: they return references
// into the object.
func pathOf(info *types.Info, e ast.Expr, calls bool) (path, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.ObjectOf(e).(*types.Var)
		if !ok || v.IsField() {
			return path{}, false
		}
		return path{root: v}, true
	case *ast.SelectorExpr:
		return selectorPath(info, e, calls)
	case *ast.StarExpr:
		return pathOf(info, e.X, calls)
	case *ast.TypeAssertExpr:
		return pathOf(info, e.X, calls)
	case *ast.IndexExpr:
		if !indexable(info.TypeOf(e.X)) {
			return path{}, false
		}
		p, ok := pathOf(info, e.X, calls)
		if !ok {
			return path{}, false
		}
		return p.with(indexElem(info, e.Index)), true
	case *ast.CallExpr:
		if !calls || len(e.Args) != 0 {
			return path{}, false
		}
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || isCopyName(sel.Sel.Name) {
			return path{}, false
		}
		if s := info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
			return path{}, false
		}
		p, ok := pathOf(info, sel.X, calls)
		if !ok {
			return path{}, false
		}
		return p.with(elem{name: sel.Sel.Name, call: true}), true
	}
	return path{}, false
}

func selectorPath(info *types.Info, e *ast.SelectorExpr, calls bool) (path, bool) {
	s := info.Selections[e]
	if s == nil {
		// A qualified identifier: a package-level variable.
		v, ok := info.Uses[e.Sel].(*types.Var)
		if !ok || v.IsField() {
			return path{}, false
		}
		return path{root: v}, true
	}
	if s.Kind() != types.FieldVal {
		return path{}, false
	}
	p, ok := pathOf(info, e.X, calls)
	if !ok {
		return path{}, false
	}
	// Spell out promoted fields: obj.Labels is obj.ObjectMeta.Labels.
	t := s.Recv()
	for _, idx := range s.Index() {
		st, ok := astx.Deref(t).Underlying().(*types.Struct)
		if !ok || idx >= st.NumFields() {
			return path{}, false
		}
		f := st.Field(idx)
		p = p.with(elem{name: f.Name()})
		t = f.Type()
	}
	return p, true
}

func (p path) with(e elem) path {
	elems := make([]elem, len(p.elems), len(p.elems)+1)
	copy(elems, p.elems)
	return path{root: p.root, elems: append(elems, e)}
}

func indexElem(info *types.Info, idx ast.Expr) elem {
	if tv, ok := info.Types[idx]; ok && tv.Value != nil {
		return elem{val: tv.Value.ExactString()}
	}
	if id, ok := ast.Unparen(idx).(*ast.Ident); ok {
		if v, ok := info.ObjectOf(id).(*types.Var); ok {
			return elem{key: v}
		}
	}
	if lit, ok := ast.Unparen(idx).(*ast.BasicLit); ok {
		return elem{val: constant.MakeFromLiteral(lit.Value, lit.Kind, 0).ExactString()}
	}
	return elem{wild: true}
}

// indexable reports whether indexing a value of type t yields a location
// (maps, slices, arrays and pointers to arrays; not strings or generic
// function instantiations).
func indexable(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := astx.Deref(t).Underlying().(type) {
	case *types.Map, *types.Slice, *types.Array:
		return true
	case *types.Pointer:
		_, ok := u.Elem().Underlying().(*types.Array)
		return ok
	}
	return false
}

// isReference reports whether a value of type t can carry a reference to
// the memory it was read from (so a callee receiving it can change that
// memory).
func isReference(t types.Type) bool {
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Interface, *types.Chan, *types.Signature:
		return true
	}
	return false
}

// isEmptyInterface reports whether t is any (a logging or formatting
// argument, which callees do not write through).
func isEmptyInterface(t types.Type) bool {
	it, ok := types.Unalias(t).Underlying().(*types.Interface)
	return ok && it.NumMethods() == 0
}
