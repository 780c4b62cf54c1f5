package requeueerror

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
)

// This file summarises whether a function of the package may return a
// Result whose Requeue flag is set. Most reconcilers only ever set
// RequeueAfter (controller-runtime v0.21 deprecated Requeue); a Result
// from such a helper that a caller tested for `res.RequeueAfter == 0`
// requests no requeue at all, and may be returned with an error.

// tupleMaySetFlag reports whether the idx-th result of call may be a
// Result with Requeue set.
func (c *checker) tupleMaySetFlag(call *ast.CallExpr, idx int) bool {
	fn := c.callee(call)
	if fn == nil {
		return true
	}
	return resultIndex(fn.Type().(*types.Signature).Results()) != idx || c.callMaySetFlag(call)
}

// callMaySetFlag reports whether the Result that call returns may have
// Requeue set: unless its callee is a function of this package whose
// every return gives a Result without it (a literal that leaves Requeue
// false, a call of such a function, a local variable only ever assigned
// such Results), it may. The summary is memoized per pass; a function
// being summarised (recursion) counts as not setting it, as in
// callMayRequeue.
func (c *checker) callMaySetFlag(call *ast.CallExpr) bool {
	fn := c.callee(call)
	decl := c.declOf(fn)
	if decl == nil || decl.Body == nil {
		return true
	}
	fn = fn.Origin()
	if may, done := c.flags[fn]; done {
		return may
	}
	res := fn.Type().(*types.Signature).Results()
	idx := resultIndex(res)
	if idx < 0 {
		return true
	}
	c.flags[fn] = false
	fs := &flagSummary{c: c, decl: decl, seen: map[*types.Var]bool{}}
	may := fs.returnsMaySetFlag(idx, res.Len())
	c.flags[fn] = may
	return may
}

// flagSummary judges the returns of one function declaration.
type flagSummary struct {
	c    *checker
	decl *ast.FuncDecl
	seen map[*types.Var]bool // local variables being or already judged
}

// returnsMaySetFlag reports whether some return of the body (outside
// nested functions) may give a Result with Requeue set at index idx of n
// results.
func (fs *flagSummary) returnsMaySetFlag(idx, n int) bool {
	return anyReturn(fs.decl.Body, func(rs *ast.ReturnStmt) bool {
		switch len(rs.Results) {
		case 0:
			return fs.namedMaySetFlag(idx)
		case n:
			return fs.exprMaySetFlag(rs.Results[idx])
		}
		call, ok := ast.Unparen(rs.Results[0]).(*ast.CallExpr)
		return !ok || fs.c.tupleMaySetFlag(call, idx)
	})
}

// namedMaySetFlag judges a bare return by the named result at idx.
func (fs *flagSummary) namedMaySetFlag(idx int) bool {
	i := 0
	for _, field := range fs.decl.Type.Results.List {
		for _, name := range field.Names {
			if i == idx {
				v, ok := fs.c.pass.TypesInfo.Defs[name].(*types.Var)
				return !ok || fs.varMaySetFlag(v)
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return true
}

// exprMaySetFlag judges a Result expression: nil, a literal by its
// Requeue field, a call by its callee, a local variable by what is
// assigned to it, a package variable or a field by what the package
// stores into it; anything else may set the flag.
func (fs *flagSummary) exprMaySetFlag(e ast.Expr) bool {
	c := fs.c
	e = ast.Unparen(e)
	if astx.IsNil(c.pass.TypesInfo, e) {
		return false
	}
	if lit := c.resultLit(e); lit != nil {
		return c.litSetsFlag(lit)
	}
	if g := c.global(e); g.v != nil {
		return g.state != locZero && (g.lit == nil || c.litSetsFlag(g.lit))
	}
	if field, _ := c.fieldRead(e); field != nil {
		return c.locState(field) != locZero
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		return c.callMaySetFlag(e)
	case *ast.Ident:
		v, ok := c.pass.TypesInfo.Uses[e].(*types.Var)
		return !ok || !fs.local(v) || fs.varMaySetFlag(v)
	}
	return true
}

// local reports whether v is declared inside the function (its named
// results included, its parameters not).
func (fs *flagSummary) local(v *types.Var) bool {
	if v.Pos() >= fs.decl.Body.Pos() && v.Pos() < fs.decl.Body.End() {
		return true
	}
	res := fs.decl.Type.Results
	return res != nil && v.Pos() >= res.Pos() && v.Pos() < res.End()
}

// litSetsFlag reports whether a Result literal sets Requeue to anything
// but the constant false.
func (c *checker) litSetsFlag(lit *ast.CompositeLit) bool {
	st, ok := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return true
	}
	for i, elt := range lit.Elts {
		field, val := litField(st, elt, i)
		if field == nil || field.Name() == "Requeue" && !c.isZero(val) {
			return true
		}
	}
	return false
}

// varMaySetFlag reports whether the local Result variable v may hold a
// Result with Requeue set: some assignment to it (in the function or a
// closure of it) may, its Requeue field is set, or its address is taken.
func (fs *flagSummary) varMaySetFlag(v *types.Var) bool {
	if fs.seen[v] {
		return false // judged, or being judged: its other stores decide
	}
	fs.seen[v] = true
	info := fs.c.pass.TypesInfo
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == v
	}
	may := false
	ast.Inspect(fs.decl.Body, func(node ast.Node) bool {
		if may {
			return false
		}
		switch node := node.(type) {
		case *ast.AssignStmt:
			may = fs.assignMaySetFlag(node.Lhs, node.Rhs, is)
		case *ast.ValueSpec:
			for i, name := range node.Names {
				if is(name) && len(node.Values) > 0 {
					may = may || fs.storeMaySetFlag(node.Values, i, len(node.Names))
				}
			}
		case *ast.UnaryExpr:
			may = node.Op == token.AND && is(node.X)
		case *ast.RangeStmt:
			may = node.Key != nil && is(node.Key) || node.Value != nil && is(node.Value)
		}
		return true
	})
	return may
}

// assignMaySetFlag judges the stores of one assignment into v (is
// names it): v itself, or its Requeue field.
func (fs *flagSummary) assignMaySetFlag(lhs, rhs []ast.Expr, is func(ast.Expr) bool) bool {
	for i, l := range lhs {
		if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && is(sel.X) {
			if sel.Sel.Name == "Requeue" && (len(rhs) != len(lhs) || !fs.c.isZero(rhs[i])) {
				return true
			}
			continue
		}
		if is(l) && fs.storeMaySetFlag(rhs, i, len(lhs)) {
			return true
		}
	}
	return false
}

// storeMaySetFlag judges the value stored into the i-th of n targets
// from values: its own expression, or the i-th result of one call.
func (fs *flagSummary) storeMaySetFlag(values []ast.Expr, i, n int) bool {
	if len(values) == n {
		return fs.exprMaySetFlag(values[i])
	}
	call, ok := ast.Unparen(values[0]).(*ast.CallExpr)
	return !ok || fs.c.tupleMaySetFlag(call, i)
}
