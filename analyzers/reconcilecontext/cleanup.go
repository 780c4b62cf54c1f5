package reconcilecontext

import (
	"go/ast"
	"go/token"
	"go/types"

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
