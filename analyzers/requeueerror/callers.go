package requeueerror

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
)

// A helper's returns matter only where its Result and error reach
// controller-runtime together. reaches answers that for an unexported
// function or method of the package from its calls in the package: it
// does when a call passes both on (return r.helper(ctx), or res, err :=
// r.helper(ctx) and res returned), from a function that itself reaches
// controller-runtime. Where every call hands the pair to another function
// (rook's reporting.ReportReconcileResult, which drops the error when the
// Result requests a requeue), drops the Result or only reads it, the
// helper's returns are not judged. Exported functions and methods, which
// other packages may call, Reconcile methods, functions used as values,
// methods an interface of the package may dispatch to, and functions
// never called in the package are judged on their own, as before, unless
// the package keeps their type to itself (kept.go).

// reaches reports whether fn's returns may reach controller-runtime as
// the pair they hold; nil (a function literal) always may.
func (c *checker) reaches(fn *types.Func) bool {
	if fn == nil {
		return true
	}
	if c.reach == nil {
		c.reach = map[*types.Func]bool{}
		c.indexUses()
	}
	if v, ok := c.reach[fn]; ok {
		return v
	}
	c.reach[fn] = true // a cycle of helpers: assume it does
	v := c.computeReach(fn)
	c.reach[fn] = v
	return v
}

func (c *checker) computeReach(fn *types.Func) bool {
	uses, kept := c.keptUses(fn)
	if !kept {
		if fn.Exported() || fn.Name() == "Reconcile" || c.dispatched(fn) {
			return true
		}
		uses = c.uses[fn]
	}
	if len(uses) == 0 {
		return true
	}
	for _, u := range uses {
		if u.Test {
			continue // a test compares what it returns
		}
		if u.Call == nil || u.Lit != nil || u.Decl == nil {
			return true
		}
		if c.passesOn(fn, u) {
			caller, _ := c.pass.TypesInfo.Defs[u.Decl.Name].(*types.Func)
			if caller == nil || c.reaches(caller) {
				return true
			}
		}
	}
	return false
}

// passesOn reports whether the call of u may return fn's Result with its
// error from the function around it: the call returned as it is, or its
// Result assigned to a variable that a return statement uses. A call
// whose results are handed to another call, dropped, or assigned to
// variables that no return uses does not.
func (c *checker) passesOn(fn *types.Func, u astx.Use) bool {
	sh, ok := c.shapeOf(fn.Type().(*types.Signature))
	if !ok {
		return true
	}
	switch p := u.Parent.(type) {
	case *ast.ExprStmt, *ast.CallExpr:
		return false
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || len(p.Lhs) != sh.n {
			return true
		}
		return c.returnsWithError(u.Decl, p.Lhs[sh.res], p.Lhs[sh.err]) || c.mergedAlone(u.Decl, p.Lhs[sh.res], p.Lhs[sh.err])
	case *ast.ValueSpec:
		if len(p.Values) != 1 || len(p.Names) != sh.n {
			return true
		}
		return c.returnsWithError(u.Decl, p.Names[sh.res], p.Names[sh.err]) || c.mergedAlone(u.Decl, p.Names[sh.res], p.Names[sh.err])
	}
	return true
}

// mergedAlone reports whether the Result variable res is handed to a call
// that is not also handed the error variable err and that merges it into
// a Result (cluster-api's util.LowestNonZeroResult(result, res), whose
// result the caller returns with its errors: a call that returns a
// Result, or is handed another Result's address): the Result goes on
// without the error that came with it, so the helper is judged. A call
// handed both (rook's ReportReconcileResult(res, err)) decides the pair
// itself; a call that only reads it (log.Info("done", "result", res))
// passes nothing on.
func (c *checker) mergedAlone(decl *ast.FuncDecl, res, err ast.Expr) bool {
	rid, ok := ast.Unparen(res).(*ast.Ident)
	if !ok || rid.Name == "_" {
		return false
	}
	info := c.pass.TypesInfo
	rv := info.ObjectOf(rid)
	var ev types.Object
	if eid, ok := ast.Unparen(err).(*ast.Ident); ok && eid.Name != "_" {
		ev = info.ObjectOf(eid)
	}
	return anyIn(decl.Body, func(call *ast.CallExpr) bool {
		hasRes, hasErr := false, false
		for _, a := range call.Args {
			a, _ = astx.StripAddr(a)
			if id, ok := ast.Unparen(a).(*ast.Ident); ok {
				hasRes = hasRes || info.Uses[id] == rv
				hasErr = hasErr || (ev != nil && info.Uses[id] == ev)
			}
		}
		return hasRes && !hasErr && mergesResult(info, call, rv.Type())
	})
}

// mergesResult reports whether call may fold a Result of type result
// into another: it returns one, or is handed the address of one.
func mergesResult(info *types.Info, call *ast.CallExpr, result types.Type) bool {
	want := astx.Deref(result)
	switch t := info.TypeOf(call).(type) {
	case *types.Tuple:
		for i := range t.Len() {
			if types.Identical(astx.Deref(t.At(i).Type()), want) {
				return true
			}
		}
	case nil:
	default:
		if types.Identical(astx.Deref(t), want) {
			return true
		}
	}
	for _, a := range call.Args {
		if a, addr := astx.StripAddr(a); addr && info.TypeOf(a) != nil && types.Identical(astx.Deref(info.TypeOf(a)), want) {
			return true
		}
	}
	return false
}

// returnsVar reports whether a return statement of decl returns the
// variable that lhs names (res, &res, *res; not handed to a call there:
// return report(res, err)), or is a bare return.
func (c *checker) returnsVar(decl *ast.FuncDecl, lhs ast.Expr) bool {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return true // a field or an element: followed no further
	}
	if id.Name == "_" {
		return false
	}
	info := c.pass.TypesInfo
	v := info.ObjectOf(id)
	if v == nil {
		return true
	}
	return anyIn(decl.Body, func(rs *ast.ReturnStmt) bool { return returnsObj(info, rs, v) })
}

// anyIn reports whether some node of type T within root satisfies pred.
func anyIn[T ast.Node](root ast.Node, pred func(T) bool) bool {
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		if t, ok := n.(T); ok && !found {
			found = pred(t)
		}
		return !found
	})
	return found
}

// dispatched reports whether fn is a method whose name an interface type
// of the package declares: calls through the interface are not seen.
func (c *checker) dispatched(fn *types.Func) bool {
	return fn.Type().(*types.Signature).Recv() != nil && c.ifaceMethods[fn.Name()]
}

// indexUses records every reference to a function of the package, and
// the method names of the package's interfaces.
func (c *checker) indexUses() {
	c.uses = astx.FuncUses(c.in, c.pass.Fset, c.pass.TypesInfo, c.pass.Pkg)
	c.ifaceMethods = astx.InterfaceMethodNames(c.pass.Pkg)
}
