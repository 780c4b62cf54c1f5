package k8s

import "go/ast"

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
