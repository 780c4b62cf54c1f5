package requeueerror

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/astx"
)

// deferred reports, with Config.Deferred, a deferred function literal of f
// that sets f's named error result (a failed patch of the object,
// reterr = kerrors.NewAggregate([]error{reterr, err})) and leaves its
// Result as it is, when some return of f may request a requeue: Go runs
// the literal after the return has set the results, so the requeue goes
// out with the error (kubernetes-sigs/cluster-api-provider-openstack#1839).
func (c *checker) deferred(f *fn) {
	if !c.cfg.Deferred || f.unknown || f.summary || f.named[1] == nil {
		return
	}
	set := f.deferredErrorSet()
	if set == nil {
		return
	}
	ret := f.requeueReturn()
	if ret == nil {
		return
	}
	errName := f.named[1].Name()
	fix := "name the Result and set it to its zero value here"
	if f.named[0] != nil && f.named[0].Name() != "_" {
		fix = "set " + f.named[0].Name() + " to its zero value here"
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: set.Pos(), End: set.End(),
		Message: "this deferred function sets " + errName + " while the function may return a requeue (" +
			astx.ShortPos(c.pass.Fset, ret.Pos()) + "): when it does, controller-runtime ignores the requeue " +
			"and retries with rate-limited backoff" + c.warning() + ", and only the warning changes, since the " +
			"error is retried anyway: " + fix,
	})
}

// deferredErrorSet returns the first assignment of f's named error result
// in a function literal that f defers, when that literal does not also
// assign the named Result; nil if there is none.
func (f *fn) deferredErrorSet() *ast.AssignStmt {
	info := f.c.pass.TypesInfo
	var found *ast.AssignStmt
	ast.Inspect(f.body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
				found = f.setsErrorOnly(info, lit.Body)
			}
			return false
		}
		return true
	})
	return found
}

// setsErrorOnly returns the first assignment of a non-nil value to the
// named error in body, unless body also assigns the named Result.
func (f *fn) setsErrorOnly(info *types.Info, body *ast.BlockStmt) *ast.AssignStmt {
	var set *ast.AssignStmt
	setsResult := false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, lhs := range as.Lhs {
			id, ok := ast.Unparen(lhs).(*ast.Ident)
			if !ok {
				continue
			}
			switch info.ObjectOf(id) {
			case f.named[0]:
				setsResult = true
			case f.named[1]:
				if set == nil && !(len(as.Rhs) == len(as.Lhs) && astx.IsNil(info, as.Rhs[i])) {
					set = as
				}
			}
		}
		return true
	})
	if setsResult {
		return nil
	}
	return set
}

// requeueReturn returns the first return of f (outside nested functions)
// whose Result may request a requeue, whatever its error.
func (f *fn) requeueReturn() *ast.ReturnStmt {
	var found *ast.ReturnStmt
	anyReturn(f.body, func(rs *ast.ReturnStmt) bool {
		if f.mayRequeueAt(rs) {
			found = rs
			return true
		}
		return false
	})
	return found
}

// mayRequeueAt reports whether the Result that rs returns may request a
// requeue: a named Result the function may set to one, a literal, a
// variable or call that may hold one, or a call of a helper whose Result
// may (return r.reconcileNormal(ctx, obj)).
func (f *fn) mayRequeueAt(rs *ast.ReturnStmt) bool {
	switch len(rs.Results) {
	case 0:
		v := f.named[0]
		return v != nil && v.Name() != "_" && !f.escaped[v] && f.mayRequeue[v]
	case f.shape.n:
		r := f.resultAt(rs.Results[f.shape.res])
		switch r.kind {
		case resZero, resOpaque:
			return false
		case resVar, resFrom:
			return f.mayRequeue[r.v]
		}
		return r.r != rRequeue || f.c.cfg.Requeue
	case 1:
		call, ok := ast.Unparen(rs.Results[0]).(*ast.CallExpr)
		return ok && f.c.callMayRequeue(call)
	}
	return false
}
