package requeueerror

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/opvet/opvet/internal/astx"
)

// returnsWithError reports whether a return statement of decl may return
// the Result variable res where the error variable err, assigned with it
// by the call, may be non-nil: a caller that returns the helper's Result
// only after `if err != nil { return ctrl.Result{}, err }` never hands
// controller-runtime the helper's failing pair, so the Result the helper
// builds beside an error goes nowhere (cluster-api-provider-openstack's
// reconcileBastion). Judged on decl's control-flow graph: err is nil
// where a condition that tested it says so and nothing assigned it
// since. With no error variable, any return of res counts.
func (c *checker) returnsWithError(decl *ast.FuncDecl, res, errExpr ast.Expr) bool {
	if !c.returnsVar(decl, res) {
		return false
	}
	info := c.pass.TypesInfo
	rid, ok1 := ast.Unparen(res).(*ast.Ident)
	eid, ok2 := ast.Unparen(errExpr).(*ast.Ident)
	if !ok1 || !ok2 || eid.Name == "_" {
		return true
	}
	rv := info.ObjectOf(rid)
	ev, _ := info.ObjectOf(eid).(*types.Var)
	if rv == nil || ev == nil || c.escapes(decl, ev) {
		return true
	}
	nf := &nilFlow{info: info, err: ev}
	g := cfg.New(decl.Body, func(*ast.CallExpr) bool { return true })
	in := nf.solve(g)
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		known := in[b.Index]
		for _, n := range b.Nodes {
			if rs, ok := n.(*ast.ReturnStmt); ok && !known && returnsObj(info, rs, rv) {
				return true
			}
			known = nf.after(n, known)
		}
	}
	return false
}

// escapes reports whether decl takes err's address or assigns it in a
// function literal: its value is then not followed.
func (c *checker) escapes(decl *ast.FuncDecl, err *types.Var) bool {
	info := c.pass.TypesInfo
	return anyIn(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			id, ok := ast.Unparen(n.X).(*ast.Ident)
			return n.Op == token.AND && ok && info.Uses[id] == err
		case *ast.FuncLit:
			return astx.AssignsOrAddresses(info, n.Body, err)
		}
		return false
	})
}

// returnsObj reports whether rs returns v (v, &v, *v), or is bare.
func returnsObj(info *types.Info, rs *ast.ReturnStmt, v types.Object) bool {
	if len(rs.Results) == 0 {
		return true
	}
	for _, r := range rs.Results {
		r, _ = astx.StripAddr(r)
		if id, ok := astx.StripStar(r).(*ast.Ident); ok && info.Uses[id] == v {
			return true
		}
	}
	return false
}

// nilFlow is a must-analysis of one error variable over a control-flow
// graph: known[b] says err is nil on every path into block b.
type nilFlow struct {
	info *types.Info
	err  types.Object
}

// solve returns, per block, whether err is known nil on entry.
func (nf *nilFlow) solve(g *cfg.CFG) []bool {
	in := make([]bool, len(g.Blocks))
	reached := make([]bool, len(g.Blocks))
	if len(g.Blocks) == 0 {
		return in
	}
	reached[0] = true
	for changed := true; changed; {
		changed = false
		for _, b := range g.Blocks {
			if !reached[b.Index] {
				continue
			}
			known := in[b.Index]
			for _, n := range b.Nodes {
				known = nf.after(n, known)
			}
			for i, s := range b.Succs {
				k := known
				if len(b.Succs) == 2 && len(b.Nodes) > 0 {
					if cond, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr); ok {
						k = known || nf.nilWhen(cond, i == 0)
					}
				}
				switch {
				case !reached[s.Index]:
					reached[s.Index], in[s.Index], changed = true, k, true
				case in[s.Index] && !k:
					in[s.Index], changed = false, true
				}
			}
		}
	}
	return in
}

// after returns whether err is known nil after node n, given known
// before it.
func (nf *nilFlow) after(n ast.Node, known bool) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok && nf.info.ObjectOf(id) == nf.err {
				known = len(n.Rhs) == len(n.Lhs) && isNilIdent(n.Rhs[i])
			}
		}
	case *ast.DeclStmt:
		if gd, ok := n.Decl.(*ast.GenDecl); ok {
			for _, spec := range gd.Specs {
				known = nf.after(spec, known)
			}
		}
	case *ast.ValueSpec:
		for _, id := range n.Names {
			if nf.info.ObjectOf(id) == nf.err {
				known = len(n.Values) == 0
			}
		}
	}
	return known
}

// nilWhen reports whether cond having the value truth implies err == nil.
func (nf *nilFlow) nilWhen(cond ast.Expr, truth bool) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return e.Op == token.NOT && nf.nilWhen(e.X, !truth)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			if truth {
				return nf.nilWhen(e.X, true) && nf.nilWhen(e.Y, true)
			}
			return nf.nilWhen(e.X, false) || nf.nilWhen(e.Y, false)
		case token.LAND:
			if truth {
				return nf.nilWhen(e.X, true) || nf.nilWhen(e.Y, true)
			}
			return nf.nilWhen(e.X, false) && nf.nilWhen(e.Y, false)
		case token.EQL, token.NEQ:
			if !nf.comparesWithNil(e) {
				return false
			}
			return (e.Op == token.EQL) == truth
		}
	}
	return false
}

// comparesWithNil reports whether e compares err with nil.
func (nf *nilFlow) comparesWithNil(e *ast.BinaryExpr) bool {
	isErr := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && nf.info.Uses[id] == nf.err
	}
	return isErr(e.X) && isNilIdent(e.Y) || isErr(e.Y) && isNilIdent(e.X)
}

// isNilIdent reports whether e is the identifier nil.
func isNilIdent(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}
