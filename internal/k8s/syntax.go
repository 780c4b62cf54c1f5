package k8s

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
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

// FuncsCalling returns the function declarations and literals indexed by
// in that contain (directly or in a nested literal) a call whose
// CalleeName is one of names, in one pass over the inspector's events.
// Checks use it to skip, before any type lookup or data-flow work,
// functions that cannot contain what they look for.
func FuncsCalling(in *inspector.Inspector, names ...string) map[ast.Node]bool {
	out := map[ast.Node]bool{}
	var stack []ast.Node // enclosing functions
	filter := []ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}
	in.Nodes(filter, func(n ast.Node, push bool) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			if push {
				stack = append(stack, n)
			} else {
				stack = stack[:len(stack)-1]
			}
			return true
		}
		// Marking a function marks all that enclose it: once the
		// innermost is marked, there is nothing more to do.
		if !push || len(stack) == 0 || out[stack[len(stack)-1]] || !slices.Contains(names, CalleeName(call.Fun)) {
			return true
		}
		for _, fn := range stack {
			out[fn] = true
		}
		return true
	})
	return out
}
