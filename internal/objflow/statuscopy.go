package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
)

// noteObjectCopy records the status of obj saved by a copy of the whole
// object, saved := obj.DeepCopy(), when the function later copies the
// copy's status back (obj.Status = saved.Status): k8ssandra's versionCheck
// patches obj, which replaces it with what the server stored, and then
// restores the status its caller set. A copy whose status is never read
// back (a merge patch's base) saves nothing.
func (a *analysis) noteObjectCopy(lhs, rhs ast.Expr) {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return
	}
	x, ok := deepCopyOf(rhs)
	if !ok {
		return
	}
	if sel, ok := ast.Unparen(x).(*ast.SelectorExpr); ok && sel.Sel.Name == "Status" {
		return // obj.Status.DeepCopy(): noteStatusCopy's
	}
	v, ok := a.pkg.info.ObjectOf(id).(*types.Var)
	if !ok || !a.restoresStatus(v) {
		return
	}
	if s := a.peek(x); len(s) > 0 {
		a.addBits(s, StatusCopied)
	}
}

// deepCopyOf returns x of x.DeepCopy().
func deepCopyOf(e ast.Expr) (ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return nil, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "DeepCopy" {
		return nil, false
	}
	return sel.X, true
}

// restoresStatus reports whether the body copies v's status back into a
// status as a whole value: x.Status = v.Status (or *v.Status.DeepCopy()),
// or v.Status.DeepCopyInto(&x.Status).
func (a *analysis) restoresStatus(v *types.Var) bool {
	if a.restorers == nil {
		a.restorers = a.findRestorers()
	}
	return a.restorers[v]
}

func (a *analysis) findRestorers() map[*types.Var]bool {
	out := map[*types.Var]bool{}
	note := func(e ast.Expr) {
		if v := a.statusOwner(e); v != nil {
			out[v] = true
		}
	}
	ast.Inspect(a.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, lhs := range n.Lhs {
				if isStatusSel(lhs) {
					rhs := ast.Unparen(n.Rhs[i])
					if star, ok := rhs.(*ast.StarExpr); ok {
						rhs = star.X
					}
					if x, ok := deepCopyOf(rhs); ok {
						rhs = x
					}
					note(rhs)
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "DeepCopyInto" &&
				len(n.Args) == 1 && isStatusSel(stripAddr(n.Args[0])) {
				note(sel.X)
			}
		}
		return true
	})
	return out
}

// statusOwner returns v of v.Status, v a variable.
func (a *analysis) statusOwner(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Status" {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := a.pkg.info.Uses[id].(*types.Var)
	return v
}

func isStatusSel(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Status"
}
