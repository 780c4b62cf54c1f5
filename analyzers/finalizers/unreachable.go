package finalizers

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/opvet/opvet/internal/k8s"
)

// Item 5: a removal that an error check makes unreachable when the call
// before it succeeds. apierrors.IsNotFound(err) (and the other predicates)
// is false when err is nil, so
//
//	err := r.deleteExternal(ctx, obj)
//	if !apierrors.IsNotFound(err) {
//		return ctrl.Result{}, err
//	}
//	controllerutil.RemoveFinalizer(obj, f)
//
// returns on success, and the finalizer is removed only when the cleanup
// failed with NotFound: the object stays in Terminating.

// checkUnreachableRemovals reports, for each removal, the negated error
// predicate checks before it that return while err may be nil.
func (c *checker) checkUnreachableRemovals() {
	reported := map[*ast.IfStmt]bool{}
	for _, s := range c.removals() {
		if s.decl == nil || s.decl.Body == nil {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(c.fileOf(s.decl), s.node.Pos(), s.node.End())
		for i := len(path) - 1; i > 0; i-- {
			list := stmtList(path[i])
			if list == nil {
				continue
			}
			child := path[i-1]
			for _, st := range list {
				if st == child {
					break
				}
				ifs, ok := st.(*ast.IfStmt)
				if !ok || reported[ifs] {
					continue
				}
				if err, pred, ok := c.negatedPredicate(ifs); ok && !c.knownNonNil(path[i:], err) {
					reported[ifs] = true
					c.reportUnreachable(s, ifs, err, pred, list)
				}
			}
		}
	}
}

// stmtList returns the statements a node holds in sequence.
func stmtList(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

// negatedPredicate matches if !apierrors.IsNotFound(err) { ...; return }
// (no init, a body that always leaves): the error variable and
// the predicate call.
func (c *checker) negatedPredicate(ifs *ast.IfStmt) (*types.Var, *ast.CallExpr, bool) {
	// An else branch does not matter: the body always leaves, so what
	// follows the if statement runs only where the condition is false.
	if ifs.Init != nil || !leaves(ifs.Body) {
		return nil, nil, false
	}
	not, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT {
		return nil, nil, false
	}
	call, ok := ast.Unparen(not.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, nil, false
	}
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil || !k8s.IsAPIErrorPredicate(fn) {
		return nil, nil, false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		return nil, nil, false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	return v, call, ok
}

// leaves reports whether a block always ends the function or the loop
// iteration: its last statement returns, continues, breaks or panics.
func leaves(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch last := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return last.Tok == token.CONTINUE || last.Tok == token.BREAK || last.Tok == token.GOTO
	case *ast.ExprStmt:
		if call, ok := last.X.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

// knownNonNil reports whether an enclosing if statement (path: from the
// statement list's holder outwards) runs its body only where err != nil.
func (c *checker) knownNonNil(path []ast.Node, err *types.Var) bool {
	for i := 1; i < len(path); i++ {
		ifs, ok := path[i].(*ast.IfStmt)
		if !ok || path[i-1] != ifs.Body {
			continue
		}
		if c.impliesNonNil(ifs.Cond, err) {
			return true
		}
	}
	return false
}

// impliesNonNil reports whether cond being true implies err != nil.
func (c *checker) impliesNonNil(cond ast.Expr, err *types.Var) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return c.impliesNonNil(e.X, err) || c.impliesNonNil(e.Y, err)
		case token.NEQ:
			id, ok := ast.Unparen(e.X).(*ast.Ident)
			return ok && c.pass.TypesInfo.Uses[id] == err && isNilIdent(c.pass.TypesInfo, e.Y)
		}
	case *ast.CallExpr:
		// apierrors.IsConflict(err) and friends are true only for errors.
		fn := k8s.Callee(c.pass.TypesInfo, e)
		if fn != nil && k8s.IsAPIErrorPredicate(fn) && len(e.Args) == 1 {
			id, ok := ast.Unparen(e.Args[0]).(*ast.Ident)
			return ok && c.pass.TypesInfo.Uses[id] == err
		}
	}
	return false
}

func isNilIdent(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := info.Uses[id].(*types.Nil)
	return isNil
}

// reportUnreachable reports the check, naming the call whose error it
// tests when an assignment before it in the same list sets err.
func (c *checker) reportUnreachable(s removal, ifs *ast.IfStmt, err *types.Var, pred *ast.CallExpr, list []ast.Stmt) {
	what := "err is nil"
	if call := assignedBefore(c.pass.TypesInfo, list, ifs, err); call != nil {
		what = types.ExprString(call.Fun) + " succeeds"
	}
	predText := types.ExprString(pred)
	line := c.pass.Fset.Position(s.node.Pos()).Line
	fix := analysis.SuggestedFix{
		Message: fmt.Sprintf("Return only when %s is a non-nil error other than the one %s tests", err.Name(), types.ExprString(pred.Fun)),
		TextEdits: []analysis.TextEdit{{
			Pos: ifs.Cond.Pos(), End: ifs.Cond.End(),
			NewText: []byte(fmt.Sprintf("%s != nil && !%s", err.Name(), predText)),
		}},
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: ifs.Cond.Pos(), End: ifs.Cond.End(),
		Message: fmt.Sprintf("%s is false also when %s is nil, so when %s the function returns here and "+
			"%s at line %d never runs: %s and the object stays in Terminating; write "+
			"if %s != nil && !%s", predText, err.Name(), what, s.what, line, s.stays, err.Name(), predText),
		SuggestedFixes: []analysis.SuggestedFix{fix},
	})
}

// assignedBefore returns the call whose result the last assignment to err
// before stop in list stores, or nil.
func assignedBefore(info *types.Info, list []ast.Stmt, stop ast.Stmt, err *types.Var) *ast.CallExpr {
	var out *ast.CallExpr
	for _, st := range list {
		if st == stop {
			break
		}
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			continue
		}
		for _, lhs := range as.Lhs {
			id, ok := lhs.(*ast.Ident)
			if !ok {
				continue
			}
			if obj := info.ObjectOf(id); obj == err {
				out, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			}
		}
	}
	return out
}

// fileOf returns the file of the package that declares fd.
func (c *checker) fileOf(fd *ast.FuncDecl) *ast.File {
	for _, f := range c.pass.Files {
		if f.FileStart <= fd.Pos() && fd.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}

// removal is a finalizer removal that item 5 judges: a RemoveFinalizer
// call, or a store that drops the finalizers or filters them
// (obj.Finalizers = nil, obj.SetFinalizers([]string{}),
// obj.Finalizers = without(obj.Finalizers, f)).
type removal struct {
	node  ast.Node
	decl  *ast.FuncDecl
	what  string // "RemoveFinalizer", "the finalizers' removal"
	stays string // "finalizer \"x\" stays", "the finalizers stay"
}

// removals returns the removals of the package, in source order of each
// kind.
func (c *checker) removals() []removal {
	out := make([]removal, 0, len(c.removes)+len(c.drops))
	for _, s := range c.removes {
		out = append(out, removal{node: s.call, decl: s.decl, what: "RemoveFinalizer", stays: describe(s) + " stays"})
	}
	for _, cl := range c.drops {
		out = append(out, removal{node: cl.node, decl: cl.decl, what: "the finalizers' removal", stays: "the finalizers stay"})
	}
	return out
}

// dropSite is a store of an object's finalizers that drops some or all of
// them without naming one: item 5 judges it like RemoveFinalizer.
type dropSite struct {
	node ast.Node // the assignment or the SetFinalizers call
	decl *ast.FuncDecl
}

// dropsFinalizers reports whether e, stored as an object's finalizers,
// drops some of them: an empty list, or a call whose name says it
// removes (without(obj.Finalizers, f), removeString(...)).
func dropsFinalizers(e ast.Expr) bool {
	if isEmptyList(e) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && len(call.Args) > 0 && isRemoving(k8s.CalleeName(call.Fun))
}
