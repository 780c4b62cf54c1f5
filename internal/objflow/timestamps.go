package objflow

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// Deletion timestamps returned by helpers.
//
// A helper that handles deletion may return the object's deletion
// timestamp for its caller to test (`ts, err := r.cleanup(ctx, obj); if
// err != nil || ts != nil { return }`): its caller then knows, on the path
// that goes on, that the object is not being deleted, as if it had tested
// obj.GetDeletionTimestamp() itself. A result is the timestamp of a
// parameter's object (ResultTimestamp) when every return gives that
// parameter's DeletionTimestamp there, directly or through a variable
// assigned once from it; a return of nil or of anything else makes it
// none (a nil timestamp would then not say "not deleting").

// timestampResult returns the index of the parameter whose object's
// deletion timestamp every return of f gives as result i, if there is one.
func timestampResult(f *Func, i int, sig *types.Signature, info *types.Info) (int, bool) {
	idx, found := -2, false
	for _, r := range f.Returns {
		if r.Stmt == nil || len(r.Stmt.Results) != sig.Results().Len() {
			return 0, false
		}
		e := r.Stmt.Results[i]
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && f.predicates[v] != nil {
				e = f.predicates[v]
			}
		}
		obj := timestampOwner(e)
		id, ok := ast.Unparen(astx.StripStar(stripAddr(obj))).(*ast.Ident)
		if obj == nil || !ok {
			return 0, false
		}
		v, _ := info.Uses[id].(*types.Var)
		p := astx.ParamIndex(sig, v)
		if v == nil || p < 0 || (found && p != idx) {
			return 0, false
		}
		idx, found = p, true
	}
	return idx, found
}

// timestampOwner returns x of x.DeletionTimestamp,
// x.ObjectMeta.DeletionTimestamp or x.GetDeletionTimestamp(), or nil.
func timestampOwner(e ast.Expr) ast.Expr {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if e.Sel.Name != "DeletionTimestamp" {
			return nil
		}
		if inner, ok := ast.Unparen(e.X).(*ast.SelectorExpr); ok && inner.Sel.Name == "ObjectMeta" {
			return inner.X
		}
		return e.X
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "GetDeletionTimestamp" && len(e.Args) == 0 {
			return sel.X
		}
	}
	return nil
}

// returnedTimestamps adds to vars, for an assignment of the results of a
// call whose summary says that a result is a parameter's deletion
// timestamp, the variable it is assigned to, with a stand-in for the
// argument's timestamp (arg.DeletionTimestamp).
func (a *analysis) returnedTimestamps(as *ast.AssignStmt, vars map[*types.Var]ast.Expr) {
	if len(as.Rhs) != 1 || len(as.Lhs) < 2 {
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return
	}
	fn := k8s.Callee(a.pkg.info, call)
	if fn == nil || !returnsTime(fn) {
		return
	}
	s := a.pkg.summaryOf(fn, a)
	if s == nil {
		return
	}
	for i, r := range s.Results {
		if r.Kind != ResultTimestamp || i >= len(as.Lhs) || r.Index < 0 || r.Index >= len(call.Args) {
			continue
		}
		if v := a.localVarOf(as.Lhs[i], func(types.Type) bool { return true }); v != nil {
			arg := call.Args[r.Index]
			vars[v] = &ast.SelectorExpr{X: arg, Sel: &ast.Ident{NamePos: arg.End(), Name: "DeletionTimestamp"}}
		}
	}
}

// returnsTime reports whether a result of fn may hold a deletion
// timestamp (a Time, or a pointer to one): only then is its summary
// worth making here.
func returnsTime(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		t := res.At(i).Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Name() == "Time" {
			return true
		}
	}
	return false
}
