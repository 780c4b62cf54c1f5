package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// Error results that say whether a function did anything.
//
// A helper such as reconcileSecret(ctx, obj) (key string, err error) may
// set a status condition on obj only where it fails, and return the
// error; its caller returns on that error and, past it, updates the
// object. The summary joins every exit, so without this the caller sees
// the condition pending at the Update. An error result is "quiet if nil"
// when every exit that may return nil there leaves the facts of every
// parameter's object as they were at entry, and some exit that surely
// returns an error changes them. An exit surely returns an error when its
// result is built to be one (fmt.Errorf, errors.New, a composite literal)
// or is a variable that a condition on the only path to the return
// proves non-nil (if err != nil, IsNotFound(err), IgnoreNotFound(err) !=
// nil), with no assignment to it on the way. The caller binds the error
// variable it assigns that result to, as it binds one to a read or a
// write, but the other way round: where it is nil, the call did nothing.

// maxPathBack bounds the walk from a return to the condition that proves
// its error non-nil: such conditions are a few blocks up.
const maxPathBack = 16

// quietIfNil returns the indices of the function's error results that are
// quiet if nil, given the entry state and each exit's state, return
// statement and block in g.
func (a *analysis) quietIfNil(g *cfg.CFG, entry state, exits []state, rets []*ast.ReturnStmt, blocks []*cfg.Block) []int {
	res := a.sig.Results()
	var out []int
	var preds [][]*cfg.Block
	changed := make([]int8, len(exits)) // memo: 0 unknown, 1 no, 2 yes
	changes := func(k int) bool {
		if changed[k] == 0 {
			changed[k] = 1
			if h, same := a.paramsChangedHeads(entry, exits[k]); !same || len(h) > 0 {
				changed[k] = 2
			}
		}
		return changed[k] == 2
	}
	for i := 0; i < res.Len(); i++ {
		if !isErrorType(res.At(i).Type()) || res.At(i).Name() != "" && len(a.out.deferred) > 0 {
			continue // a deferred call may set a named result after the return
		}
		if preds == nil {
			preds = predecessors(g)
		}
		changesOnError, quiet := false, true
		for k, rs := range rets {
			if rs != nil && len(rs.Results) == res.Len() && a.surelyNonNil(rs.Results[i], blocks[k], preds) {
				changesOnError = changesOnError || changes(k)
			} else if changes(k) {
				quiet = false
				break
			}
		}
		if changesOnError && quiet {
			out = append(out, i)
		}
	}
	return out
}

// predecessors returns the predecessors of each block of g, by index.
func predecessors(g *cfg.CFG) [][]*cfg.Block {
	preds := make([][]*cfg.Block, len(g.Blocks))
	for _, b := range g.Blocks {
		for _, s := range b.Succs {
			preds[s.Index] = append(preds[s.Index], b)
		}
	}
	return preds
}

// surelyNonNil reports whether e, a result of the return that ends block
// b, is a non-nil error.
func (a *analysis) surelyNonNil(e ast.Expr, b *cfg.Block, preds [][]*cfg.Block) bool {
	if _, built := astx.Construction(e); built {
		return true // &MyError{...}
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := k8s.Callee(a.pkg.info, x)
		switch {
		case fn == nil:
			return false
		case k8s.NewsError(fn):
			return true
		case k8s.WrapsError(fn) && len(x.Args) > 0:
			return a.surelyNonNil(x.Args[0], b, preds) // errors.Wrap(err, ...) is nil for a nil err
		case k8s.JoinsErrors(fn):
			return slices.ContainsFunc(joinedErrors(x.Args), func(e ast.Expr) bool { return a.surelyNonNil(e, b, preds) })
		}
	case *ast.Ident:
		v := a.localVarOf(x, isErrorType)
		return v != nil && a.nonNilOnPath(v, b, preds)
	}
	return false
}

// joinedErrors returns the errors that args of errors.Join or
// NewAggregate([]error{...}) give: the elements of a slice literal.
func joinedErrors(args []ast.Expr) []ast.Expr {
	if len(args) == 1 {
		if lit, ok := ast.Unparen(args[0]).(*ast.CompositeLit); ok {
			return lit.Elts
		}
	}
	return args
}

// nonNilOnPath reports whether the only path to block b passes a
// condition that proves v non-nil, with no assignment to v after it.
func (a *analysis) nonNilOnPath(v *types.Var, b *cfg.Block, preds [][]*cfg.Block) bool {
	cur := b
	for range maxPathBack {
		if a.assignsVar(cur.Nodes, v) || len(preds[cur.Index]) != 1 {
			return false
		}
		p := preds[cur.Index][0]
		if len(p.Succs) == 2 && p.Succs[0] != p.Succs[1] && len(p.Nodes) > 0 {
			if cond, ok := p.Nodes[len(p.Nodes)-1].(ast.Expr); ok && a.impliesNonNil(cond, p.Succs[0] == cur, v) {
				return true
			}
		}
		cur = p
	}
	return false
}

// impliesNonNil reports whether cond having the value truth proves v
// non-nil.
func (a *analysis) impliesNonNil(cond ast.Expr, truth bool, v *types.Var) bool {
	info := a.pkg.info
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return c.Op == token.NOT && a.impliesNonNil(c.X, !truth, v)
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND:
			if truth {
				return a.impliesNonNil(c.X, true, v) || a.impliesNonNil(c.Y, true, v)
			}
			return a.impliesNonNil(c.X, false, v) && a.impliesNonNil(c.Y, false, v)
		case token.LOR:
			if truth {
				return a.impliesNonNil(c.X, true, v) && a.impliesNonNil(c.Y, true, v)
			}
			return a.impliesNonNil(c.X, false, v) || a.impliesNonNil(c.Y, false, v)
		case token.EQL, token.NEQ:
			x, other := c.X, c.Y
			if astx.IsNil(info, x) {
				x, other = other, x
			}
			if !astx.IsNil(info, other) || (c.Op == token.NEQ) != truth {
				return false
			}
			if a.namesVar(x, v) {
				return true
			}
			// client.IgnoreNotFound(err) != nil: err is not nil either.
			call, ok := ast.Unparen(x).(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return false
			}
			fn := k8s.Callee(info, call)
			return fn != nil && k8s.IsIgnoreError(fn) && a.namesVar(call.Args[0], v)
		}
	case *ast.CallExpr:
		// apierrors.IsNotFound(err): false for a nil error.
		fn := k8s.Callee(info, c)
		return truth && fn != nil && k8s.IsAPIErrorPredicate(fn) && len(c.Args) == 1 && a.namesVar(c.Args[0], v)
	}
	return false
}

// namesVar reports whether e is the variable v.
func (a *analysis) namesVar(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && a.pkg.info.Uses[id] == v
}

// assignsVar reports whether any of nodes may assign v: an assignment to
// it, or its address taken.
func (a *analysis) assignsVar(nodes []ast.Node, v *types.Var) bool {
	for _, n := range nodes {
		if astx.AssignsOrAddresses(a.pkg.info, n, v) {
			return true
		}
	}
	return false
}

// isErrorType reports whether t is the predeclared error type.
func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// succeeded undoes, on the path where the error err is nil, the call of a
// function whose error result is quiet if nil that err is bound to.
func (a *analysis) succeeded(err ast.Expr) {
	o := a.outcomeOf(err)
	if o != nil && len(o.quietNil) > 0 {
		a.undo(o)
	}
}
