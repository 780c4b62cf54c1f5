package objflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// Function literals that run only where the function runs them are run
// inline there, like deferred literals at the exits, instead of marking
// the objects they capture as Captured (changed whenever they may run,
// which silenced every check for the rest of the function and, through
// summaries, in every caller). Three kinds qualify, by the semantics of Go
// and of the APIs (docs/design.md, "Literals run where they are called"):
//   - a literal handed directly to an API that calls it before it returns
//     and never keeps it (k8s.SyncCallback: retry.RetryOnConflict,
//     wait.PollImmediate, meta.EachListItem);
//   - a literal called where it is written (func() {...}());
//   - a local variable defined once from a literal, never re-bound, whose
//     every use, outside other literals, calls it or hands it to such an
//     API (eachFunc := func(o runtime.Object) error {...};
//     meta.EachListItem(list, eachFunc)).

// scanLocalLits records the local variables of the body that hold a
// literal run only where they are called (the third kind above).
func (a *analysis) scanLocalLits(defs map[*types.Var]*ast.FuncLit) {
	if len(defs) == 0 {
		return
	}
	info := a.pkg.info
	astx.Idents(a.body, func(id *ast.Ident, stack []ast.Node) {
		if v, _ := info.Uses[id].(*types.Var); defs[v] != nil && !a.runsHere(stack, id) {
			delete(defs, v)
		}
	})
	for v, lit := range defs {
		if a.litVars == nil {
			a.litVars = map[*types.Var]*ast.FuncLit{}
			a.inlined = map[*ast.FuncLit]bool{}
		}
		a.litVars[v] = lit
		a.inlined[lit] = true
	}
}

// runsHere reports whether the use id of a literal variable (the top of
// stack) calls it, or hands it as the callback to a synchronous API, and
// is not inside another literal.
func (a *analysis) runsHere(stack []ast.Node, id *ast.Ident) bool {
	for _, n := range stack[:len(stack)-1] {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
	}
	if len(stack) < 2 {
		return false
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok {
		return false
	}
	if len(stack) >= 3 {
		if g, ok := stack[len(stack)-3].(*ast.GoStmt); ok && g.Call == call {
			return false // runs beside the function, whenever
		}
	}
	if ast.Unparen(call.Fun) == id {
		return true
	}
	arg, _ := a.syncCallbackArg(call)
	return arg == ast.Expr(id)
}

// syncCallbackArg returns the callback argument of a call of a
// synchronous API (k8s.SyncCallback), or nil, and whether the API calls
// it at least once.
func (a *analysis) syncCallbackArg(call *ast.CallExpr) (arg ast.Expr, once bool) {
	if len(call.Args) == 0 || call.Ellipsis != token.NoPos || !k8s.IsSyncCallbackName(k8s.CalleeName(call.Fun)) {
		return nil, false
	}
	once, ok := k8s.SyncCallback(k8s.Callee(a.pkg.info, call))
	if !ok {
		return nil, false
	}
	return ast.Unparen(call.Args[len(call.Args)-1]), once
}

// inlineLit returns the literal that e denotes when it runs where it is
// called (as a callee or a synchronous API's callback): a literal, or a
// local variable of the third kind; nil otherwise.
func (a *analysis) inlineLit(e ast.Expr) *ast.FuncLit {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return e
	case *ast.Ident:
		if v, ok := a.pkg.info.Uses[e].(*types.Var); ok {
			return a.litVars[v]
		}
	}
	return nil
}

// isLocalLitCall reports whether call calls a literal where it is
// written, or a local variable that holds a literal run where it is
// called.
func (a *analysis) isLocalLitCall(call *ast.CallExpr) bool {
	return a.inlineLit(call.Fun) != nil
}

// callLocalLit applies a call of a literal, or of a local variable that
// holds a literal run where it is called: the literal runs inline, its
// parameters bound to the arguments.
func (a *analysis) callLocalLit(site *CallSite) (results []Set, ok bool) {
	lit := a.inlineLit(site.Call.Fun)
	if lit == nil {
		return nil, false
	}
	if a.inlining > 2 {
		a.captures(lit)
		return a.unknownCall(site, types.ExprString(site.Call.Fun)), true
	}
	entry := a.cur
	exit, results, ran := a.runBound(lit, site.Args)
	if ran {
		a.cur = exit
	} else {
		a.cur = entry
	}
	return results, true
}

// runSyncCallback runs the callback of a call of a synchronous API
// inline: once (a retry calls it at least once; calling it again after a
// failure repeats what the first call did), or joined with not at all.
func (a *analysis) runSyncCallback(arg ast.Expr, once bool) {
	lit := a.inlineLit(arg)
	if lit == nil {
		return
	}
	if a.inlining > 2 {
		a.captures(lit)
		return
	}
	entry := a.cur
	exit, _, ran := a.runBound(lit, nil)
	switch {
	case !ran:
		a.cur = entry
	case once:
		a.cur = exit
	default:
		a.cur = entry.join(exit)
	}
}

// litDef returns the variable and the literal of a definition v :=
// func(...) {...} or var v = func(...) {...}, or nil.
func (a *analysis) litDef(n ast.Node) (*types.Var, *ast.FuncLit) {
	var lhs, rhs ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok != token.DEFINE || len(n.Lhs) != 1 || len(n.Rhs) != 1 {
			return nil, nil
		}
		lhs, rhs = n.Lhs[0], n.Rhs[0]
	case *ast.ValueSpec:
		if len(n.Names) != 1 || len(n.Values) != 1 {
			return nil, nil
		}
		lhs, rhs = n.Names[0], n.Values[0]
	default:
		return nil, nil
	}
	lit, ok := ast.Unparen(rhs).(*ast.FuncLit)
	id, isIdent := lhs.(*ast.Ident)
	if !ok || !isIdent {
		return nil, nil
	}
	v, _ := a.pkg.info.Defs[id].(*types.Var)
	if v == nil {
		return nil, nil
	}
	return v, lit
}
