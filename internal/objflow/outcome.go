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
// index is "quiet if false" when some exit may return true there (the
// constant, or a value on an exit that changes something) and every exit
// leaves, where that value is false, the facts of every parameter's
// object as they were at entry, but for changes of field-path heads the
// summary lists (QuietKeep). An exit whose result is not a constant is
// judged where it is false (changed := refChanged || finChanged; return
// changed, nil: there each operand is false, and so each call it was
// bound to did nothing). The caller binds the local bool variable the
// result is assigned to (or tests the call itself) as it binds an error
// variable to a failed read: where it is false, the objects it was given
// are as they were before the call, but for the changes of the heads
// kept (a merge helper that sets the labels on every path and says
// whether they differed).

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
// return statement, and the field-path heads the function may change
// even where they are false.
//
// An exit that returns a value not known to be true is judged where that
// value is false: a variable bound to what a call did (changed :=
// refChanged || finChanged), or a quiet call's result returned as is
// (return mergeMeta(obj)), says there that the call did nothing. Such an
// exit may also return true when the function changes something on it.
func (a *analysis) quietIfFalse(entry state, exits []state, rets []*ast.ReturnStmt) ([]int, []string) {
	res := a.sig.Results()
	var out []int
	var keep []string
	saved, savedLast := a.cur, a.last
	defer func() { a.cur, a.last = saved, savedLast }()
	for i := 0; i < res.Len(); i++ {
		if !isBool(res.At(i).Type()) {
			continue
		}
		mayTrue, quiet := false, true
		var heads []string
		for k, rs := range rets {
			v, known := a.constBoolResult(rs, i, res.Len())
			if known && v {
				mayTrue = true
				continue
			}
			exit := exits[k]
			if !known && a.returnsValue(rs, res.Len()) {
				if h, same := a.paramsChangedHeads(entry, exit); !same || len(h) > 0 {
					mayTrue = true // it changes something: true may say so
				}
				exit = a.assumeResultFalse(exit, rs, i, res.Len())
			}
			h, ok := a.paramsChangedHeads(entry, exit)
			if !ok {
				quiet = false
				break
			}
			heads = unionHeads(heads, h)
		}
		if mayTrue && quiet {
			out = append(out, i)
			keep = unionHeads(keep, heads)
		}
	}
	return out, keep
}

// returnsValue reports whether rs gives the function's n results, one by
// one or as a call's.
func (a *analysis) returnsValue(rs *ast.ReturnStmt, n int) bool {
	return rs != nil && (len(rs.Results) == n || len(rs.Results) == 1 && n > 1)
}

// assumeResultFalse returns the exit state s where result i of rs, which
// ends it, is false.
func (a *analysis) assumeResultFalse(s state, rs *ast.ReturnStmt, i, n int) state {
	a.cur, a.last = s, nil
	if len(rs.Results) != n {
		// return f(...): where f's result i is false and quiet, f did
		// nothing.
		if call, ok := ast.Unparen(rs.Results[0]).(*ast.CallExpr); ok {
			if o := a.quietCalls[call]; o != nil && slices.Contains(o.quietIf, i) {
				a.undo(o)
			}
		}
		return a.cur
	}
	e := rs.Results[i]
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		a.last = a.quietCalls[call] // return helper(obj): assume's test of the last call
	}
	a.assume(e, false)
	return a.cur
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

// paramsChangedHeads returns the field-path heads of the changes that
// every parameter's object (the receiver's too), and every object loaded
// from a field of one (which the caller may hold too), has at exit and
// had not at entry; same is false when they differ in anything else but
// for the bits a function adds by looking (or by a change it may not
// have seen).
func (a *analysis) paramsChangedHeads(entry, exit state) (heads []string, same bool) {
	for _, v := range a.vals.all {
		if v.Kind != Param && (v.Kind != Load || v.Base < 0 || a.vals.all[v.Base].Kind != Param) {
			continue
		}
		before, _ := pget(entry.facts, v.ID)
		after, _ := pget(exit.facts, v.ID)
		h, ok := changedHeads(before, after)
		if !ok {
			return nil, false
		}
		heads = unionHeads(heads, h)
	}
	return heads, true
}

// changedHeads returns the field-path heads of the seen changes that
// after lists and before does not; ok is false when after says more than
// before in anything else, but for ignoredForOutcome.
func changedHeads(before, after *Facts) (heads []string, ok bool) {
	norm := func(f *Facts) *Facts {
		if f == nil {
			return &Facts{}
		}
		g := *f
		g.Bits &^= ignoredForOutcome
		g.Changes = nil
		return &g
	}
	if !factsEqual(norm(before), norm(after)) {
		return nil, false
	}
	if after == nil {
		return nil, true
	}
	var old []Change
	if before != nil {
		old = before.Changes
	}
	for _, c := range after.Changes {
		if slices.ContainsFunc(old, func(x Change) bool { return sameChange(x, c) }) {
			continue
		}
		if c.Presumed || len(c.Path) == 0 {
			return nil, false
		}
		heads = unionHeads(heads, []string{c.Path[0]})
	}
	return heads, true
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
	if len(s.QuietIfFalse) == 0 && len(s.QuietIfNil) == 0 || len(before) == 0 {
		return
	}
	a.last = &outcome{call: site.Call, before: before, quietIf: s.QuietIfFalse, quietNil: s.QuietIfNil, keep: s.QuietKeep}
	if len(s.QuietIfFalse) == 0 {
		return // an error result is bound by its variable only
	}
	if a.quietCalls == nil {
		a.quietCalls = map[*ast.CallExpr]*outcome{}
	}
	a.quietCalls[site.Call] = a.last
}

// noteAfter records on o the facts its objects have right after its call,
// when a variable is bound to it: undo then removes only what the call
// added, if more happened to the objects before the variable is tested.
func (a *analysis) noteAfter(o *outcome) {
	o.after = make(map[int32]*Facts, len(o.before))
	for id := range o.before {
		o.after[id] = a.facts(id)
	}
}

// undoFacts returns the facts of an object of outcome o where its call did
// nothing: those before it, or, when more happened since (cur is not what
// the call left), cur without what the call added; either with the
// changes of the heads o keeps, which the call may make anyway.
func (o *outcome) undoFacts(id int32, cur *Facts) *Facts {
	before := o.before[id]
	f := before
	if after, ok := o.after[id]; ok && cur != after {
		f = withoutAdded(cur, before, after)
	}
	if len(o.keep) > 0 && cur != nil {
		f = f.with(func(g *Facts) {
			for _, c := range cur.Changes {
				if len(c.Path) > 0 && slices.Contains(o.keep, c.Path[0]) {
					g.Changes = addChange(g.Changes, c)
				}
			}
		})
	}
	return f
}

// withoutAdded returns cur without the bits, changes and sends that after
// has and before has not.
func withoutAdded(cur, before, after *Facts) *Facts {
	if cur == nil || after == nil {
		return cur
	}
	if before == nil {
		before = &Facts{}
	}
	added := func(c Change) bool {
		has := func(x Change) bool { return sameChange(x, c) }
		return slices.ContainsFunc(after.Changes, has) && !slices.ContainsFunc(before.Changes, has)
	}
	sent := func(s Send) bool { return slices.Contains(after.Sends, s) && !slices.Contains(before.Sends, s) }
	return cur.with(func(g *Facts) {
		g.Bits &^= after.Bits &^ before.Bits
		g.Changes = slices.DeleteFunc(slices.Clone(g.Changes), added)
		g.Sends = slices.DeleteFunc(slices.Clone(g.Sends), sent)
	})
}

// quietVar returns the local variable that the i-th of lhs names when
// the outcome o of the call assigned to lhs is quiet if that result is
// false (a bool) or nil (an error), or nil.
func (a *analysis) quietVar(o *outcome, lhs ast.Expr, i int) *types.Var {
	switch {
	case o == nil:
		return nil
	case slices.Contains(o.quietIf, i):
		return a.localVarOf(lhs, isBool)
	case slices.Contains(o.quietNil, i):
		return a.localVarOf(lhs, isErrorType)
	}
	return nil
}

// unionHeads returns a with the heads of b it lacks appended.
func unionHeads(a, b []string) []string {
	for _, h := range b {
		if !slices.Contains(a, h) {
			a = append(a, h)
		}
	}
	return a
}
