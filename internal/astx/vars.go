package astx

import (
	"go/ast"
	"go/token"
	"go/types"
)

// KeptPackageVars returns the package-level variables declared in files
// with a value of their own (`var x = v`, `var a, b = v, w`; not the
// results of one call) that no statement of files writes: assigns (also
// a field or an element of it), increments, ranges into or takes the
// address of. Each maps to the value it keeps. Other packages may still
// assign an exported one.
func KeptPackageVars(files []*ast.File, info *types.Info) map[*types.Var]ast.Expr {
	out := map[*types.Var]ast.Expr{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					if v, ok := info.Defs[name].(*types.Var); ok {
						out[v] = vs.Values[i]
					}
				}
			}
		}
	}
	if len(out) == 0 {
		return out
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					forgetRoot(out, l, info)
				}
			case *ast.IncDecStmt:
				forgetRoot(out, n.X, info)
			case *ast.RangeStmt:
				if n.Tok == token.ASSIGN {
					forgetRoot(out, n.Key, info)
					forgetRoot(out, n.Value, info)
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					forgetRoot(out, n.X, info)
				}
			}
			return true
		})
	}
	return out
}

// forgetRoot deletes from vars the variable at the root of e (x, x.f,
// x[i], x.f[i].g).
func forgetRoot(vars map[*types.Var]ast.Expr, e ast.Expr, info *types.Info) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.Ident:
			if v, ok := info.Uses[x].(*types.Var); ok {
				delete(vars, v)
			}
			return
		default:
			return
		}
	}
}
