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
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
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
			is, ok := n.(*ast.IfStmt)
			if !ok {
				return true
			}
			if v := c.isTest(is.Cond); v != nil && c.returnsResultWithNil(is.Body) {
				out[v] = true
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
