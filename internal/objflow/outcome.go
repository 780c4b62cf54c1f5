package objflow

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"
)

// Bool results that say whether a function did anything.
//
// A helper such as recreateIfNeeded(ctx, c, desired, current) (bool,
// error) creates or replaces the object only on the paths that return
// true; its caller tests the result and updates the object where it is
// false. The summary joins every exit, so without this the caller sees
// the object filled (created) on the path of the Update too. A result
// index is "quiet if false" when some exit returns the constant true there
// and every other exit (one that returns false or a value not known to be
// true) leaves the facts of every parameter's object as they were at
// entry. The caller binds the local bool variable the result is assigned
// to (or tests the call itself) as it binds an error variable to a
// failed read: where it is false, the objects it was given are as they
// were before the call.

// ignoredForOutcome are the bits a function may add to its parameters'
// objects without doing anything to them: what its conditions learnt of
// them, and the bits of its own paths.
const ignoredForOutcome = Foreign | MaybeDeleting | Deleting | Returned | pathOnly

// returnOf returns the return statement that ends exit block b, or nil.
func returnOf(b *cfg.Block) *ast.ReturnStmt {
	if len(b.Nodes) == 0 {
		return nil
	}
	rs, _ := b.Nodes[len(b.Nodes)-1].(*ast.ReturnStmt)
	return rs
}

// quietIfFalse returns the indices of the function's bool results that
// are quiet if false, given the entry state and each exit's state and
// return statement.
func (a *analysis) quietIfFalse(entry state, exits []state, rets []*ast.ReturnStmt) []int {
	res := a.sig.Results()
	var out []int
	for i := 0; i < res.Len(); i++ {
		if !isBool(res.At(i).Type()) {
			continue
		}
		someTrue, quiet := false, true
		for k, rs := range rets {
			if v, known := a.constBoolResult(rs, i, res.Len()); known && v {
				someTrue = true
				continue
			}
			if !a.paramsUnchanged(entry, exits[k]) {
				quiet = false
				break
			}
		}
		if someTrue && quiet {
			out = append(out, i)
		}
	}
	return out
}

// constBoolResult returns the constant value of result i of rs, when it
// has one.
func (a *analysis) constBoolResult(rs *ast.ReturnStmt, i, n int) (value, known bool) {
	if rs == nil || len(rs.Results) != n {
		return false, false // a bare return, return f()
	}
	tv, ok := a.pkg.info.Types[rs.Results[i]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

// paramsUnchanged reports whether every parameter's object (the
// receiver's too), and every object loaded from a field of one (which
// the caller may hold too), has at exit the facts it had at entry, but
// for the bits a function adds by looking.
func (a *analysis) paramsUnchanged(entry, exit state) bool {
	for _, v := range a.vals.all {
		if v.Kind != Param && (v.Kind != Load || v.Base < 0 || a.vals.all[v.Base].Kind != Param) {
			continue
		}
		before, _ := pget(entry.facts, v.ID)
		after, _ := pget(exit.facts, v.ID)
		if !unchangedFacts(before, after) {
			return false
		}
	}
	return true
}

// unchangedFacts reports whether after says no more than before, but for
// ignoredForOutcome.
func unchangedFacts(before, after *Facts) bool {
	norm := func(f *Facts) *Facts {
		if f == nil {
			return &Facts{}
		}
		g := *f
		g.Bits &^= ignoredForOutcome
		return &g
	}
	return factsEqual(norm(before), norm(after))
}

// argFacts returns the facts of the objects a call is given, before it.
func (a *analysis) argFacts(site *CallSite) map[int32]*Facts {
	before := map[int32]*Facts{}
	for _, set := range append([]Set{site.Recv}, site.Args...) {
		for _, id := range set {
			before[id] = a.facts(id)
		}
	}
	return before
}

// quietOutcome records, after a call of a function whose summary has bool
// results that are quiet if false, the facts its objects had before it:
// where such a result is false, they are so again (assume).
func (a *analysis) quietOutcome(site *CallSite, s *Summary, before map[int32]*Facts) {
	if len(s.QuietIfFalse) == 0 || len(before) == 0 {
		return
	}
	a.last = &outcome{call: site.Call, before: before, quietIf: s.QuietIfFalse}
}

// quietVar returns the local bool variable that the i-th of lhs names
// when the outcome o of the call assigned to lhs is quiet if that result
// is false, or nil.
func (a *analysis) quietVar(o *outcome, lhs ast.Expr, i int) *types.Var {
	if o == nil || !slices.Contains(o.quietIf, i) {
		return nil
	}
	return a.localVarOf(lhs, isBool)
}
