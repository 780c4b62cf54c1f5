package objflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
)

// A field alias is a local variable that holds a map, a slice or a
// pointer taken from a field of an object, directly or through its getter
// (labels := obj.GetLabels(), conds := obj.Status.Conditions, st :=
// &obj.Status): a write through it (labels[k] = v) writes the object's
// own memory, which a shallow copy shares with its source (the informer
// cache's object, for a List with client.UnsafeDisableDeepCopy).
// metav1.ObjectMeta's getters return the field itself, not a copy.

// aliasedPath returns the object and the field path that the write e
// reaches through a field alias: e writes an element or a pointed-to value
// of a local variable whose only definition takes it from a field of an
// object, whose other assignments are made only where it is nil (if x ==
// nil { x = map[string]string{} }, after which the write goes to the new
// map on that path and to the object's on the others), and whose address
// is never taken. indirect: the write reaches memory that a shallow copy
// of the object shares (a map, slice or pointer field's), not the
// object's own struct (st := &obj.Status; st.Phase = p).
func (a *analysis) aliasedPath(e ast.Expr) (obj ast.Expr, path []string, indirect, ok bool) {
	root, through := aliasRoot(e)
	if root == nil || !through {
		return nil, nil, false, false
	}
	v, _ := a.pkg.info.Uses[root].(*types.Var)
	if v == nil || !a.local(v) || !isReference(v.Type()) {
		return nil, nil, false, false
	}
	src := a.aliasSource(v)
	if src == nil {
		return nil, nil, false, false
	}
	field, addr := astx.StripAddr(src)
	obj, path, ok = a.objectPath(field)
	if !ok || len(path) == 0 {
		return nil, nil, false, false
	}
	return obj, path, !addr || a.throughReference(e, root), true
}

// aliasRoot returns the variable at the root of the written expression e
// (through indexes, dereferences and field selections), and whether e
// writes through it (an index or a dereference of it, or a field of what
// it points to) rather than re-binding it.
func aliasRoot(e ast.Expr) (*ast.Ident, bool) {
	through := false
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e, through = x.X, true
		case *ast.StarExpr:
			e, through = x.X, true
		case *ast.SelectorExpr:
			// A field of what the variable points to (st.Phase, st :=
			// &obj.Status); a qualified identifier has no use here.
			e, through = x.X, true
		case *ast.Ident:
			return x, through
		default:
			return nil, false
		}
	}
}

// isReference reports whether a value of type t shares memory with what
// it was taken from: a map, a slice or a pointer.
func isReference(t types.Type) bool {
	switch under(t).(type) {
	case *types.Map, *types.Slice, *types.Pointer:
		return true
	}
	return false
}

// aliasSource returns the expression that defines v when v is a field
// alias (see aliasedPath), nil otherwise. Computed once per variable.
func (a *analysis) aliasSource(v *types.Var) ast.Expr {
	if src, ok := a.aliases[v]; ok {
		return src
	}
	src := a.findAliasSource(v)
	if a.aliases == nil {
		a.aliases = map[*types.Var]ast.Expr{}
	}
	a.aliases[v] = src
	return src
}

func (a *analysis) findAliasSource(v *types.Var) ast.Expr {
	info := a.pkg.info
	var def ast.Expr
	defs, bad := 0, false
	var guards []*ast.IfStmt // the if x == nil statements around the node
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if bad {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if isNilCheckOf(info, n.Cond, v) {
				guards = append(guards, n)
				ast.Inspect(n.Body, visit)
				guards = guards[:len(guards)-1]
				if n.Init != nil {
					ast.Inspect(n.Init, visit)
				}
				if n.Else != nil {
					ast.Inspect(n.Else, visit)
				}
				return false
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
					continue
				}
				switch {
				case info.Defs[id] == v && len(n.Lhs) == len(n.Rhs):
					def, defs = n.Rhs[i], defs+1
				case info.Defs[id] == v:
					bad = true // x, err := f(): not a field
				case len(guards) == 0:
					bad = true // re-bound where it may hold the object's
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] == v {
					if len(n.Values) != len(n.Names) {
						bad = true
					} else {
						def, defs = n.Values[i], defs+1
					}
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
				bad = true
			}
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if id, ok := x.(*ast.Ident); ok && (info.Defs[id] == v || info.Uses[id] == v) {
					bad = true
				}
			}
		}
		return !bad
	}
	ast.Inspect(a.body, visit)
	if bad || defs != 1 {
		return nil
	}
	return def
}

// isNilCheckOf reports whether cond is v == nil (or nil == v).
func isNilCheckOf(info *types.Info, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if isNilIdent(info, x) {
		x, y = y, x
	}
	id, ok := x.(*ast.Ident)
	return ok && info.Uses[id] == v && isNilIdent(info, y)
}

func isNilIdent(info *types.Info, e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := info.Uses[id].(*types.Nil)
	return isNil
}
