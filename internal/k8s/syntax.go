package k8s

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// CalleeName returns the bare name a call's function is spelled with: F
// in F(...), pkg.F(...) and x.F(...), also with type arguments (F[T](...),
// pkg.F[T, U](...)); "" for other shapes. Syntax cannot tell an index
// from type arguments, so fns[0]() yields "fns": it is a cheap filter to
// apply before Callee's type lookup, not an answer.
func CalleeName(fun ast.Expr) string {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.IndexExpr:
		return CalleeName(f.X)
	case *ast.IndexListExpr:
		return CalleeName(f.X)
	}
	return ""
}

// IsDeepCopyCall reports whether e is x.DeepCopy() or x.DeepCopyObject(),
// perhaps asserted to a type (x.DeepCopyObject().(client.Object)).
func IsDeepCopyCall(e ast.Expr) bool {
	e = ast.Unparen(e)
	if ta, ok := e.(*ast.TypeAssertExpr); ok {
		e = ast.Unparen(ta.X)
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	name := CalleeName(call.Fun)
	return name == "DeepCopy" || name == "DeepCopyObject"
}

// UsesWhere returns the positions, in order, of the identifiers that
// info.Uses maps to an object keep accepts. One pass over Uses costs far
// less than a walk of the syntax: checks use it to find the few
// declarations that can matter (those that name context.TODO, or
// reconcile.Result) before looking into any.
func UsesWhere(info *types.Info, keep func(types.Object) bool) []token.Pos {
	var out []token.Pos
	for id, obj := range info.Uses {
		if keep(obj) {
			out = append(out, id.Pos())
		}
	}
	slices.Sort(out)
	return out
}

// AnyWithin reports whether one of the ordered positions lies within n.
func AnyWithin(sorted []token.Pos, n ast.Node) bool {
	i, _ := slices.BinarySearch(sorted, n.Pos())
	return i < len(sorted) && sorted[i] < n.End()
}
