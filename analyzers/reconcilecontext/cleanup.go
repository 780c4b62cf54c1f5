package reconcilecontext

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// inCleanup reports whether pos lies where the function's context may be
// done, so that a fresh context is the right one: the branches of an if
// whose condition asks whether a context is done (ctx.Err(), ctx.Done(),
// context.Canceled, context.DeadlineExceeded), a select case that
// receives from ctx.Done(), and everything after a statement that waits
// for ctx.Done().
func (fc *funcCheck) inCleanup(pos token.Pos) bool {
	if fc.cleanup == nil {
		fc.collectCleanup()
	}
	for _, r := range fc.cleanup {
		if r[0] <= pos && pos < r[1] {
			return true
		}
	}
	return false
}

func (fc *funcCheck) collectCleanup() {
	fc.cleanup = [][2]token.Pos{}
	ast.Inspect(fc.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			if fc.asksDone(n.Cond) || n.Init != nil && fc.asksDone(n.Init) {
				fc.cleanup = append(fc.cleanup, [2]token.Pos{n.Body.Pos(), n.End()})
			}
		case *ast.CommClause:
			if n.Comm != nil && fc.asksDone(n.Comm) {
				fc.cleanup = append(fc.cleanup, [2]token.Pos{n.Pos(), n.End()}, [2]token.Pos{n.End(), fc.body.End()})
			}
		case *ast.ExprStmt:
			if fc.asksDone(n.X) {
				fc.cleanup = append(fc.cleanup, [2]token.Pos{n.End(), fc.body.End()})
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if fc.asksDone(e) {
					fc.cleanup = append(fc.cleanup, [2]token.Pos{n.Colon, n.End()})
				}
			}
		}
		return true
	})
}

// asksDone reports whether n asks whether a context is done: a call of
// the Err or Done method of a context.Context, or a use of
// context.Canceled or context.DeadlineExceeded.
func (fc *funcCheck) asksDone(n ast.Node) bool {
	info := fc.c.pass.TypesInfo
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			switch n.Sel.Name {
			case "Err", "Done":
				found = k8s.IsNamed(info.TypeOf(n.X), "context", "Context")
			case "Canceled", "DeadlineExceeded":
				v, ok := info.Uses[n.Sel].(*types.Var)
				found = ok && k8s.PkgPath(v.Pkg()) == "context"
			}
		}
		return true
	})
	return found
}

// errorBranch returns the body of the innermost if around pos whose
// condition tests an error against nil (err != nil): a failure, after
// which the function's context may be done (the failed call was given
// it), so that cleanup with a fresh context that has a deadline of its own
// is deliberate. nil when there is none.
func (fc *funcCheck) errorBranch(pos token.Pos) *ast.BlockStmt {
	info := fc.c.pass.TypesInfo
	var body *ast.BlockStmt
	ast.Inspect(fc.body, func(n ast.Node) bool {
		if n == nil || !(n.Pos() <= pos && pos < n.End()) {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || !(ifs.Body.Pos() <= pos && pos < ifs.Body.End()) {
			return true
		}
		found := false
		ast.Inspect(ifs.Cond, func(c ast.Node) bool {
			cmp, ok := c.(*ast.BinaryExpr)
			if ok && cmp.Op == token.NEQ && astx.IsNil(info, cmp.Y) && types.Identical(info.TypeOf(cmp.X), types.Universe.Lookup("error").Type()) {
				found = true
			}
			return !found
		})
		if found {
			body = ifs.Body // keep looking for an inner one
		}
		return true
	})
	return body
}

// cleanupContext reports whether the API call at pos, made with the
// context e, is cleanup after a failure: e has a deadline of its own and
// is made in the branch that handles the error (a context made before, for
// the whole function, is no cleanup context).
func (fc *funcCheck) cleanupContext(e ast.Expr, pos token.Pos) bool {
	body := fc.errorBranch(pos)
	return body != nil && fc.bounded(e, 0) && fc.madeWithin(e, body)
}

// madeWithin reports whether every value of the context e is made inside
// body.
func (fc *funcCheck) madeWithin(e ast.Expr, body *ast.BlockStmt) bool {
	within := func(n ast.Node) bool { return body.Pos() <= n.Pos() && n.End() <= body.End() }
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return within(e)
	case *ast.Ident:
		v, ok := fc.c.pass.TypesInfo.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		if fc.defs == nil {
			fc.collectDefs()
		}
		for _, d := range fc.defs[v] {
			if d.rhs == nil || !within(d.rhs) {
				return false
			}
		}
		return len(fc.defs[v]) > 0
	}
	return false
}

// bounded reports whether the context e has a deadline of its own: it is
// made by context.WithTimeout or context.WithDeadline (or derived from
// such a context), directly or in every value of a local variable.
func (fc *funcCheck) bounded(e ast.Expr, depth int) bool {
	if depth > maxDepth {
		return false
	}
	info := fc.c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := k8s.Callee(info, e)
		if setsDeadline(fn) {
			return true
		}
		return derivesContext(fn) && len(e.Args) > 0 && fc.bounded(e.Args[0], depth+1)
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		if fc.defs == nil {
			fc.collectDefs()
		}
		defs := fc.defs[v]
		for _, d := range defs {
			if d.rhs == nil || d.index > 0 || !fc.bounded(d.rhs, depth+1) {
				return false
			}
		}
		return len(defs) > 0
	}
	return false
}
