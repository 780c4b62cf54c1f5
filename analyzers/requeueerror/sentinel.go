package requeueerror

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// Sentinel errors that the package turns into a requeue. Operators that
// run an inner reconcile loop let its steps stop the loop with a package
// error variable and the Result to return (cloudnative-pg: `return
// ctrl.Result{RequeueAfter: d}, ErrNextLoop`); the outer Reconcile tests
// for it and returns the Result with a nil error (`if errors.Is(err,
// ErrNextLoop) { return result, nil }`). controller-runtime then sees the
// requeue and no error, so such a return is not reported: the error is
// nil where it counts.

//
// A deferred function that clears the error result for such variables
// does the same on the way out (helm-controller's Reconcile: `defer
// func() { retErr = interrors.Ignore(retErr, errWaitForDependency,
// errWaitForChart) ... }()`, whose helpers return `ctrl.Result{RequeueAfter:
// d}, errWaitForDependency`): `if errors.Is(retErr, E) { retErr = nil }`,
// or `retErr = f(retErr, E1, E2)` with f a function that is not known to
// keep a non-nil error (errors.Join, fmt.Errorf, pkg/errors' wrappers,
// apimachinery's NewAggregate keep it), which can only be a filter of
// those errors: it is handed the error and the variables, and replaces
// the error with what it returns.

// translated reports whether e names a package-level error variable that
// the package translates into a nil error: some `if errors.Is(x, E)` of
// its (non-test) files returns a Result held in a variable with nil.
func (c *checker) translated(e ast.Expr) bool {
	v := c.errorVar(e)
	if v == nil {
		return false
	}
	if c.sentinels == nil {
		c.sentinels = c.findSentinels()
	}
	return c.sentinels[v]
}

// errorVar returns the package-level variable of error type that e names
// (E or pkg.E), or nil.
func (c *checker) errorVar(e ast.Expr) *types.Var {
	id := astx.NameIdent(e)
	if id == nil {
		return nil
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !types.Identical(v.Type(), c.errorTyp) {
		return nil
	}
	return v
}

// findSentinels collects the error variables that an errors.Is test of
// the package turns into a Result returned with a nil error.
func (c *checker) findSentinels() map[*types.Var]bool {
	out := map[*types.Var]bool{}
	for _, f := range c.pass.Files {
		if astx.InTestFile(c.pass.Fset, f.Package) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				if v := c.isTest(n.Cond); v != nil && (c.returnsResultWithNil(n.Body) || c.clearsTested(n)) {
					out[v] = true
				}
			case *ast.DeferStmt:
				if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
					for _, v := range c.filteredInDefer(lit) {
						out[v] = true
					}
				}
			}
			return true
		})
	}
	return out
}

// isTest returns E when cond is errors.Is(x, E) (the standard library's
// or github.com/pkg/errors').
func (c *checker) isTest(cond ast.Expr) *types.Var {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Name() != "Is" || k8s.RecvNamed(fn) != nil {
		return nil
	}
	if path := k8s.PkgPath(fn.Pkg()); path != "errors" && path != "github.com/pkg/errors" {
		return nil
	}
	return c.errorVar(call.Args[1])
}

// returnsResultWithNil reports whether body returns, among its own
// statements, a Result held in a variable (the one the loop asked for,
// not an empty literal) with a nil error.
func (c *checker) returnsResultWithNil(body *ast.BlockStmt) bool {
	for _, s := range body.List {
		ret, ok := s.(*ast.ReturnStmt)
		if !ok || len(ret.Results) < 2 {
			continue
		}
		if !astx.IsNil(c.pass.TypesInfo, ret.Results[len(ret.Results)-1]) {
			continue
		}
		for _, r := range ret.Results[:len(ret.Results)-1] {
			e, _ := astx.StripAddr(r)
			if _, isVar := ast.Unparen(e).(*ast.Ident); isVar && isResultOrPointer(c.pass.TypesInfo.TypeOf(r)) {
				return true
			}
		}
	}
	return false
}

// clearsTested reports whether the if statement is errors.Is(x, E) whose
// body sets x to nil: x is no longer an error where it was E.
func (c *checker) clearsTested(is *ast.IfStmt) bool {
	call := ast.Unparen(is.Cond).(*ast.CallExpr) // isTest checked it
	x := c.varNamed(call.Args[0])
	if x == nil {
		return false
	}
	for _, s := range is.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && c.varNamed(as.Lhs[0]) == x && astx.IsNil(c.pass.TypesInfo, as.Rhs[0]) {
			return true
		}
	}
	return false
}

// filteredInDefer returns the package-level error variables that a
// deferred function literal hands, with an error variable, to a call
// whose result replaces that variable: x = f(x, E1, E2).
func (c *checker) filteredInDefer(lit *ast.FuncLit) []*types.Var {
	var out []*types.Var
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		x := c.varNamed(as.Lhs[0])
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if x == nil || !ok || !types.Identical(x.Type(), c.errorTyp) || keepsError(k8s.Callee(c.pass.TypesInfo, call)) {
			return true
		}
		var vars []*types.Var
		passesX := false
		for _, arg := range call.Args {
			if v := c.errorVar(arg); v != nil {
				vars = append(vars, v)
			}
			passesX = passesX || c.varNamed(arg) == x
		}
		if passesX {
			out = append(out, vars...)
		}
		return true
	})
	return out
}

// keepsError reports whether fn is known to return a non-nil error when
// it is given one (or to build one): a wrapper or aggregator, not a filter.
func keepsError(fn *types.Func) bool {
	return fn == nil || k8s.NewsError(fn) || k8s.WrapsError(fn) || k8s.JoinsErrors(fn) // nil: a function value, unknown
}

// localVar returns the variable (not a field, not a package variable)
// that e names, or nil.
func (c *checker) varNamed(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	if v == nil || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}
