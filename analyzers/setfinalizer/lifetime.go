package setfinalizer

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
)

// Rules 9 and 10: hooks whose object lives differently than the code
// expects, judged within the function that sets the hook.

// checkLifetime reports a hook whose object a goroutine started in the
// same function keeps reachable (9), and a hook set on the address of a
// local that the function returns by value (10).
func (c *checker) checkLifetime(h *hookCall) {
	if h.body == nil || (!h.cleanup && c.pass.TypesInfo.Types[ast.Unparen(h.call.Args[1])].IsNil()) {
		return
	}
	target, byAddr := astx.StripAddr(h.call.Args[0])
	id, ok := target.(*ast.Ident)
	if !ok {
		return
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pos() < h.body.Pos() || v.Pos() >= h.body.End() {
		return // not a local of this function
	}
	if g := c.goroutineHolding(h, v); g != nil {
		c.rep.Reportf(h.call.Fun, "the goroutine started at line %d refers to %s, so %s stays reachable while it runs and "+
			"the %s never runs then (nor, if the goroutine only stops when the %s runs, ever); stop the goroutine "+
			"explicitly (a Close method or a context) instead of relying on the %s",
			c.pass.Fset.Position(g.Pos()).Line, id.Name, id.Name, h.hook(), h.hook(), h.hook())
	}
	if byAddr && isStruct(v.Type()) {
		if r := returnedByValue(c.pass.TypesInfo, h.body, v); r != nil {
			c.rep.Reportf(h.call.Fun, "the %s is set on the local %s, but %s is returned by value at line %d: the caller "+
				"gets a copy, and the %s runs once %s itself is collected, soon after the return, while the copy still "+
				"uses what it releases; return a pointer (&%s) or release the resources explicitly",
				h.hook(), id.Name, id.Name, c.pass.Fset.Position(r.Pos()).Line, h.hook(), id.Name, id.Name)
		}
	}
}

// goroutineHolding returns a go statement after the hook, in the same
// function, that keeps v while it runs for long: a method of v (go
// v.run()), or a closure that uses v and loops or waits (for, select, a
// channel receive); nil otherwise. A goroutine that uses v briefly is
// harmless.
func (c *checker) goroutineHolding(h *hookCall, v *types.Var) *ast.GoStmt {
	info := c.pass.TypesInfo
	var found *ast.GoStmt
	ast.Inspect(h.body, func(n ast.Node) bool {
		g, ok := n.(*ast.GoStmt)
		if !ok || found != nil || g.Pos() < h.call.Pos() {
			return found == nil
		}
		switch fun := ast.Unparen(g.Call.Fun).(type) {
		case *ast.SelectorExpr:
			if id, ok := ast.Unparen(fun.X).(*ast.Ident); ok && info.Uses[id] == v {
				if sel := info.Selections[fun]; sel != nil && sel.Kind() == types.MethodVal {
					found = g
				}
			}
		case *ast.FuncLit:
			if mentionsVar(info, fun.Body, v) && waits(fun.Body) {
				found = g
			}
		}
		return true
	})
	return found
}

// waits reports whether body loops or blocks: a for or select statement,
// or a channel receive.
func waits(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt, *ast.SelectStmt:
			found = true
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				found = true
			}
		}
		return !found
	})
	return found
}

func mentionsVar(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// returnedByValue returns a return statement of body (not of a nested
// function) that returns v itself by value, or nil.
func returnedByValue(info *types.Info, body *ast.BlockStmt, v *types.Var) ast.Node {
	var found ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				r = ast.Unparen(r)
				if u, ok := r.(*ast.StarExpr); ok { // return *(&v)
					r, _ = astx.StripAddr(u.X)
				}
				if id, ok := r.(*ast.Ident); ok && info.Uses[id] == v && found == nil {
					found = n
				}
			}
		}
		return found == nil
	})
	return found
}

func isStruct(t types.Type) bool {
	_, ok := types.Unalias(t).Underlying().(*types.Struct)
	return ok
}
