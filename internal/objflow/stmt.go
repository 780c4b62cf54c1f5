package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// node applies one node of a basic block (a statement, an expression, a
// value spec) to the current state.
func (a *analysis) step(n ast.Node) {
	a.forget(n)
	switch n := n.(type) {
	case *ast.AssignStmt:
		a.assign(n)
	case *ast.ExprStmt:
		a.eval(n.X)
	case *ast.IncDecStmt:
		a.eval(n.X)
		a.changeExpr(n.X, Change{Pos: n.Pos()})
	case *ast.DeclStmt:
		if gd, ok := n.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, spec := range gd.Specs {
				a.valueSpec(spec.(*ast.ValueSpec))
			}
		}
	case *ast.ValueSpec:
		a.valueSpec(n)
	case *ast.ReturnStmt:
		a.ret(n)
	case *ast.GoStmt:
		for _, arg := range n.Call.Args {
			a.addBits(a.eval(arg), Escaped)
		}
		a.eval(n.Call.Fun)
	case *ast.DeferStmt:
		// Applied at each exit (runDeferred), a literal inline.
		if _, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); !ok {
			a.eval(n.Call.Fun)
		}
	case *ast.SendStmt:
		a.eval(n.Chan)
		a.addBits(a.eval(n.Value), Escaped)
	case *ast.LabeledStmt, *ast.BranchStmt, *ast.EmptyStmt:
	case ast.Expr:
		a.eval(n)
	}
}

// assign applies an assignment or a definition.
func (a *analysis) assign(as *ast.AssignStmt) {
	if as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
		// x += y, ...: a change of x.
		a.eval(as.Rhs[0])
		a.eval(as.Lhs[0])
		a.changeExpr(as.Lhs[0], Change{Pos: as.Pos()})
		return
	}
	if len(as.Lhs) == 1 && len(as.Rhs) == 1 {
		if h := a.holderOf(as.Lhs[0]); h != nil && a.initHolder(h, as.Rhs[0]) {
			return // h := &T{f: x}: the slots hold the literal's objects
		}
	}
	var values []Set
	switch {
	case len(as.Rhs) == 1 && len(as.Lhs) > 1:
		if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
			values = a.call(call)
		} else if _, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr); ok {
			// v, ok := x.(T): v holds what x.(T) evaluates to, also
			// when x is a call (obj.DeepCopyObject().(client.Object)).
			values = []Set{a.eval(as.Rhs[0])}
		} else {
			a.eval(as.Rhs[0]) // v, ok := m[k] / <-ch
			values = []Set{a.peekRHS(as.Rhs[0])}
		}
	default:
		for i, r := range as.Rhs {
			a.noteStatusCopy(r)
			a.noteStatusFieldCopy(as.Lhs[i], r)
			a.noteObjectCopy(as.Lhs[i], r)
			values = append(values, a.eval(r))
		}
	}
	for i, lhs := range as.Lhs {
		var v Set
		if i < len(values) {
			v = values[i]
		}
		var rhs ast.Expr
		if len(as.Rhs) == len(as.Lhs) {
			rhs = as.Rhs[i]
		}
		a.store(lhs, rhs, v, as)
	}
	a.bindOutcome(as)
}

// bindOutcome remembers, for err := r.Get(...) / _, err := c.Create(...),
// which read or write the error variable reports on, on this path; an
// error variable assigned anything else reports on none.
func (a *analysis) bindOutcome(as *ast.AssignStmt) {
	bound := a.last != nil && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == a.last.call
	if bound && (a.last.quietIf != nil || a.last.quietNil != nil) {
		a.bindQuiet(as)
		return
	}
	for i, lhs := range as.Lhs {
		v := a.errorVar(lhs)
		if v == nil {
			v = a.changedVar(lhs, bound)
		}
		result := false
		if v == nil {
			v = a.finalizeResultVar(lhs, bound)
			result = v != nil
		}
		if v == nil {
			continue
		}
		if bound && (i == len(as.Lhs)-1 && !a.finalizes(a.last.call) || result) {
			if !result && a.errorVar(lhs) == nil {
				a.noteAfter(a.last) // ok := controllerutil.AddFinalizer(obj, f)
			}
			a.setVar(v, Set{a.outcomeToken(a.last)})
		} else {
			a.setVar(v, nil)
		}
	}
}

// bindQuiet binds the bool variables assigned the results of a call whose
// outcome is quiet if they are false (outcome.go), and the error variables
// of those quiet if nil (quietnil.go); any other error says nothing of
// what it did on the way to the error.
func (a *analysis) bindQuiet(as *ast.AssignStmt) {
	for i, lhs := range as.Lhs {
		if v := a.quietVar(a.last, lhs, i); v != nil {
			a.noteAfter(a.last)
			a.setVar(v, Set{a.outcomeToken(a.last)})
			continue
		}
		if v := a.errorVar(lhs); v != nil {
			a.setVar(v, nil)
		}
	}
}

// changedVar returns the local boolean variable that lhs names when it
// is assigned the result of controllerutil.AddFinalizer or
// RemoveFinalizer (bound: the last call, whose outcome is remembered),
// which says whether the call changed the object; nil otherwise.
func (a *analysis) changedVar(lhs ast.Expr, bound bool) *types.Var {
	if !bound {
		return nil
	}
	fn := k8s.Callee(a.pkg.info, a.last.call)
	if fn == nil || !k8s.IsFunc(fn, k8s.Controllerutil, "AddFinalizer") && !k8s.IsFunc(fn, k8s.Controllerutil, "RemoveFinalizer") {
		return nil
	}
	return a.localVarOf(lhs, isBool)
}

// finalizes reports whether call is a Finalizers' Finalize, whose error
// says nothing of whether it changed the object: it runs every finalizer
// and removes those that succeeded, so its Result's Updated alone says so.
func (a *analysis) finalizes(call *ast.CallExpr) bool {
	return k8s.IsFinalizersFinalize(a.pkg.info, call)
}

// finalizeResultVar returns the local finalizer.Result variable that lhs
// names when it is assigned the result of a Finalizers' Finalize (bound:
// the last call), whose Updated says whether it changed the object; nil
// otherwise.
func (a *analysis) finalizeResultVar(lhs ast.Expr, bound bool) *types.Var {
	if !bound || !a.finalizes(a.last.call) {
		return nil
	}
	return a.localVarOf(lhs, k8s.IsFinalizerResult)
}

// errorVar returns the local variable of type error that lhs names, or nil.
func (a *analysis) errorVar(lhs ast.Expr) *types.Var {
	return a.localVarOf(lhs, isErrorType)
}

// localVarOf returns the local variable that lhs names when its type
// passes typeOK, or nil.
func (a *analysis) localVarOf(lhs ast.Expr, typeOK func(types.Type) bool) *types.Var {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := a.pkg.info.Defs[id].(*types.Var)
	if v == nil {
		v, _ = a.pkg.info.Uses[id].(*types.Var)
	}
	if v == nil || !typeOK(v.Type()) || !a.local(v) {
		return nil
	}
	return v
}

// outcomeToken records o as the outcome of its call and returns the
// token an error variable holds for it: negative, apart from object ids,
// and the same for every visit of the call (the latest visit's facts).
func (a *analysis) outcomeToken(o *outcome) int32 {
	if a.outcomes == nil {
		a.outcomes = map[*ast.CallExpr]*outcome{}
		a.tokens = map[*ast.CallExpr]int32{}
	}
	a.outcomes[o.call] = o
	tok, ok := a.tokens[o.call]
	if !ok {
		a.byToken = append(a.byToken, o.call)
		tok = -int32(len(a.byToken))
		a.tokens[o.call] = tok
	}
	return tok
}

// failed restores the objects of the read or write that err reports on,
// on this path, to what they were before it: on this path it failed.
func (a *analysis) failed(err ast.Expr) {
	if o := a.outcomeOf(err); o != nil && !(len(o.quietNil) > 0 && isErrorType(a.pkg.info.TypeOf(err))) {
		a.undo(o)
		a.statusTried(o)
	}
}

// statusTried marks Tried, where a status write failed, the status
// changes it was sent: pending again, but the write tried to store them.
// A plain write that finds them so drops nothing that the code did not
// send with a status write, when it is also reached where that write
// succeeded (statusupdate: the error logged and the code going on); a
// plain write only on the failed path (a fallback after a conflict) still
// drops them.
func (a *analysis) statusTried(o *outcome) {
	w, ok := k8s.ClassifyWrite(a.pkg.info, o.call)
	if !ok || !w.IsStatus() {
		return
	}
	isStatus := func(c Change) bool { return len(c.Path) > 0 && c.Path[0] == "Status" && !c.Presumed && !c.Tried }
	for id := range o.before {
		f := a.facts(id)
		if f == nil || !slices.ContainsFunc(f.Changes, isStatus) {
			continue
		}
		a.setFacts(id, f.with(func(g *Facts) {
			var out []Change
			for _, c := range g.Changes {
				if isStatus(c) {
					c.Tried = true
				}
				out = addChange(out, c)
			}
			g.Changes = out
		}))
	}
}

// gone applies, on the path where err is NotFound, the answer of an
// Update or Patch of an object that err reports on: the object is not on
// the server (deleted meanwhile; for a status write of a kind without
// the status subresource, the subresource is), so its pending changes
// can no longer be lost by a write of the other part: every later write
// of it fails the same way, or (no status subresource) stores them all.
// They are settled, as a successful write settles them (after failed
// restored them).
func (a *analysis) gone(err ast.Expr) {
	o := a.outcomeOf(err)
	if o == nil {
		return
	}
	if w, ok := k8s.ClassifyWrite(a.pkg.info, o.call); !ok || w.Op != k8s.OpUpdate && w.Op != k8s.OpPatch {
		return
	}
	for id := range o.before {
		if f := a.facts(id); f != nil && len(f.Changes) > 0 {
			a.setFacts(id, f.with(settle))
		}
	}
}

// outcomeOf returns the outcome of the one read or write that the error
// variable err is bound to on this path, or nil.
func (a *analysis) outcomeOf(err ast.Expr) *outcome {
	id, ok := ast.Unparen(err).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := a.pkg.info.Uses[id].(*types.Var)
	if v == nil {
		return nil
	}
	toks, _ := a.getVar(v)
	if len(toks) != 1 || toks[0] >= 0 {
		return nil // bound to no outcome, or to several on joined paths
	}
	return a.outcomes[a.byToken[-toks[0]-1]]
}

// undo restores the objects of outcome o to their facts before its call:
// on this path it did nothing to them.
func (a *analysis) undo(o *outcome) {
	for id := range o.before {
		a.setFacts(id, o.undoFacts(id, a.facts(id)))
	}
}

// peekRHS is what v gets in v, ok := m[k] (v, ok := x.(T) takes what
// x.(T) evaluates to).
func (a *analysis) peekRHS(e ast.Expr) Set {
	if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok {
		return a.peek(ix)
	}
	return nil
}

// store assigns the objects v (of the expression rhs, when known) to lhs.
func (a *analysis) store(lhs, rhs ast.Expr, v Set, at ast.Node) {
	info := a.pkg.info
	lhs = ast.Unparen(lhs)
	if id, ok := lhs.(*ast.Ident); ok {
		if id.Name == "_" {
			return
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		tv, _ := obj.(*types.Var)
		switch {
		case tv != nil && a.isHolder(tv):
			a.resetHolder(tv, at)
			return
		case tv == nil || !a.followed(tv):
			return
		case !a.local(tv):
			a.addBits(v, Escaped) // stored in a package or outer variable
			return
		case isStructValue(tv.Type()) && !isFreshExpr(rhs):
			v = a.copyOf(v, at, tv.Type(), true)
		}
		a.setVar(tv, v)
		return
	}
	if s := a.holderField(lhs); s != nil {
		a.setVar(s, v) // h.f = x of a local holder
		return
	}
	a.eval(lhs) // evaluate indexes and calls in the target
	if ix, ok := lhs.(*ast.IndexExpr); ok && isCollection(info.TypeOf(ix.X)) {
		if s := a.holderField(ix.X); s != nil {
			old, _ := a.getVar(s)
			a.setVar(s, union(old, v)) // h.m[k] = x
			return
		}
	}
	// m[k] = x, s[i] = x of a followed local collection.
	if ix, ok := lhs.(*ast.IndexExpr); ok {
		if id, ok := ast.Unparen(ix.X).(*ast.Ident); ok {
			if tv, ok := info.Uses[id].(*types.Var); ok && a.local(tv) && a.followed(tv) && isCollection(tv.Type()) && !k8s.IsContentMap(tv.Type()) {
				old, _ := a.getVar(tv)
				a.setVar(tv, union(old, v))
				return
			}
		}
	}
	a.emptyVersion = rhs != nil && a.copiesEmptyVersion(rhs)
	a.serverMeta = rhs != nil && a.copiesServerMeta(rhs)
	changed := a.changeExpr(lhs, Change{Pos: lhs.Pos()})
	a.emptyVersion, a.serverMeta = false, false
	if changed {
		a.addBits(v, Escaped) // an object stored in an object's field
		return
	}
	a.addBits(v, Escaped) // stored in a struct, a global, a non-local collection
}

// isFreshExpr reports whether e builds a new value (a literal, a call),
// so that assigning it to a struct variable is no copy of an object that
// something else holds.
func isFreshExpr(e ast.Expr) bool {
	switch ast.Unparen(stripAddr(e)).(type) {
	case *ast.CompositeLit, *ast.CallExpr:
		return true
	}
	return e == nil
}

// copyOf returns the object copied from src at node: a Copy whose facts
// start from those of its sources. A shallow copy (a struct value copy)
// keeps sharing the maps, slices and pointers of the source: the copy of
// a cached object SharesCache.
func (a *analysis) copyOf(src Set, node ast.Node, t types.Type, shallow bool) Set {
	if len(src) == 0 {
		return nil
	}
	val := a.vals.intern(Copy, node, nil, 0, t)
	keep := Foreign | Filled | DecodedBits | MaybeDeleting | Deleting
	var bits Bits
	var inherited []Change
	for _, id := range src {
		if f := a.facts(id); f != nil {
			inherited = joinChanges(inherited, f.Changes)
		}
		b := a.facts(id).All()
		bits |= b & keep
		if shallow && b&(Cached|SharesCache) != 0 {
			bits |= SharesCache
		}
	}
	// A new copy each time the node runs.
	a.setFacts(val.ID, &Facts{Bits: initialBits(bits), Sources: src, Inherited: inherited})
	return Set{val.ID}
}

// valueSpec applies var x T and var x = v.
func (a *analysis) valueSpec(spec *ast.ValueSpec) {
	info := a.pkg.info
	if len(spec.Values) == 0 {
		for _, name := range spec.Names {
			v, ok := info.Defs[name].(*types.Var)
			if ok && a.isHolder(v) {
				a.emptyHolder(v) // var h T: no objects in its fields
				continue
			}
			if !ok || !a.trackable(v.Type()) || !a.local(v) {
				continue
			}
			if isStructValue(v.Type()) && a.isObject(v.Type()) {
				// var obj corev1.Pod: a zero object.
				a.setVar(v, Set{a.newValue(Alloc, name, nil, 0, v.Type(), 0).ID})
			} else {
				a.setVar(v, nil)
			}
		}
		return
	}
	if len(spec.Names) == 1 && len(spec.Values) == 1 {
		if h := a.holderOf(spec.Names[0]); h != nil && a.initHolder(h, spec.Values[0]) {
			return
		}
	}
	var values []Set
	if len(spec.Values) == 1 && len(spec.Names) > 1 {
		if call, ok := ast.Unparen(spec.Values[0]).(*ast.CallExpr); ok {
			values = a.call(call)
		}
	} else {
		for _, e := range spec.Values {
			values = append(values, a.eval(e))
		}
	}
	for i, name := range spec.Names {
		var v Set
		if i < len(values) {
			v = values[i]
		}
		var rhs ast.Expr
		if len(spec.Values) == len(spec.Names) {
			rhs = spec.Values[i]
		}
		a.store(name, rhs, v, spec)
	}
}

// rangeAssign binds the key and value of a range loop over a collection
// of objects at the start of each iteration.
func (a *analysis) rangeAssign(rs *ast.RangeStmt) {
	if rs.Value == nil {
		return
	}
	info := a.pkg.info
	elems, known := a.rangeElems(rs)
	if !known {
		elems = a.unknown(rs, 1)
	}
	if entry, ok := a.rangeEntry[rs]; ok {
		for _, id := range elems {
			if f, ok := pget(entry.facts, id); ok {
				a.setFacts(id, f)
			}
		}
	}
	id, ok := rs.Value.(*ast.Ident)
	if !ok {
		return
	}
	obj := info.Defs[id]
	if obj == nil {
		obj = info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || !a.followed(v) || !a.local(v) {
		return
	}
	if isStructValue(v.Type()) {
		// for _, item := range list.Items: a copy of each element.
		elems = a.copyOf(elems, rs, v.Type(), true)
	}
	a.setVar(v, elems)
}

// typeCase binds the variable of a type switch clause (switch o :=
// x.(type) { case *T: ... }) to the objects of x that may have its type.
func (a *analysis) typeCase(ts *ast.TypeSwitchStmt, cc *ast.CaseClause) {
	x, ok := switchSubject(ts)
	if !ok {
		return
	}
	info := a.pkg.info
	set := a.peek(x)
	if len(cc.List) > 0 {
		var in Set
		for _, t := range cc.List {
			in = union(in, a.ofType(set, info.TypeOf(t)))
		}
		set = in
		// The switched variable holds the same objects in this case.
		if v := a.subjectVar(x); v != nil {
			a.setVar(v, set)
		}
	}
	if v, ok := info.Implicits[cc].(*types.Var); ok && a.trackable(v.Type()) {
		a.setVar(v, set)
	}
}

// typeCaseMissed narrows the switched variable on the way past a case
// that did not match: it holds no object of that case's concrete types
// (a later case, the default, or the statement after a switch without
// default never sees them).
func (a *analysis) typeCaseMissed(ts *ast.TypeSwitchStmt, cc *ast.CaseClause) {
	x, ok := switchSubject(ts)
	if !ok {
		return
	}
	v := a.subjectVar(x)
	if v == nil {
		return
	}
	set := a.peek(x)
	var out Set
	for _, id := range set {
		vt := a.vals.all[id].Type
		matched := false
		for _, t := range cc.List {
			if ct := a.pkg.info.TypeOf(t); ct != nil && vt != nil && !types.IsInterface(ct) && sameObjectType(vt, ct) {
				matched = true
			}
		}
		if !matched {
			out = append(out, id)
		}
	}
	if len(out) != len(set) {
		a.setVar(v, out)
	}
}

// sameObjectType reports whether an object's type and a type asserted of
// it are the same, pointers aside: the object built by &T{} has type T,
// and is asserted as *T.
func sameObjectType(obj, t types.Type) bool {
	return types.Identical(astx.Deref(obj), astx.Deref(t))
}

// switchSubject returns x of a type switch on x.(type).
func switchSubject(ts *ast.TypeSwitchStmt) (ast.Expr, bool) {
	var e ast.Expr
	switch as := ts.Assign.(type) {
	case *ast.AssignStmt:
		if len(as.Rhs) != 1 {
			return nil, false
		}
		e = as.Rhs[0]
	case *ast.ExprStmt:
		e = as.X
	default:
		return nil, false
	}
	ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr)
	if !ok {
		return nil, false
	}
	return ta.X, true
}

// subjectVar returns the local followed variable that x names, or nil.
func (a *analysis) subjectVar(x ast.Expr) *types.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := a.pkg.info.Uses[id].(*types.Var)
	if !ok || !a.local(v) || !a.followed(v) {
		return nil
	}
	return v
}

// ofType keeps the objects of set that may have type t (a type
// assertion): those of type t, and those whose type is an interface. A
// collection from elsewhere stands for its elements (range), so it is
// kept when its elements may have type t.
func (a *analysis) ofType(set Set, t types.Type) Set {
	if t == nil || types.IsInterface(t) {
		return set
	}
	var out Set
	for _, id := range set {
		vt := a.vals.all[id].Type
		if vt != nil && isCollection(vt) {
			vt = elemType(vt)
		}
		if vt == nil || types.IsInterface(vt) || sameObjectType(vt, t) {
			out = append(out, id)
		}
	}
	if len(out) == len(set) {
		return set
	}
	return out
}

// rangeElems returns the objects a range loop iterates over: those of a
// followed local collection (none when it is empty), or the elements of a
// list object's Items; known is false when opvet cannot tell.
func (a *analysis) rangeElems(rs *ast.RangeStmt) (elems Set, known bool) {
	info := a.pkg.info
	xt := info.TypeOf(rs.X)
	if !isCollection(xt) || k8s.IsContentMap(xt) {
		return nil, false
	}
	if id, ok := ast.Unparen(rs.X).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok && a.local(v) && a.followed(v) {
			s, _ := a.getVar(v)
			return s, true
		}
	}
	if call, ok := ast.Unparen(rs.X).(*ast.CallExpr); ok {
		// range store.List(): the objects of the call's result.
		s := a.rangeCalls[call]
		return s, len(s) > 0
	}
	if sel, ok := ast.Unparen(rs.X).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
			if base := a.peek(sel.X); len(base) > 0 {
				return a.loads(base, sel.Sel.Name+"[]", rs, elemType(xt)), true
			}
		}
	}
	if s := a.peek(rs.X); s != nil {
		return s, true
	}
	return nil, false
}

func elemType(t types.Type) types.Type {
	switch u := under(t).(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	}
	return nil
}

// ret applies a return statement: its results are recorded for the
// function's summary.
func (a *analysis) ret(rs *ast.ReturnStmt) {
	var results []Set
	if call, ok := multiValueCall(rs, a.sig); ok {
		// return f(): f's results.
		results = a.call(call)
	} else {
		for _, r := range rs.Results {
			a.noteStatusCopy(r)
			results = append(results, a.eval(r))
		}
	}
	if a.inlining > 0 {
		a.addBoundReturn(results) // the return of a literal run inline
		return
	}
	for _, s := range results {
		a.addBits(s, Returned)
	}
	if !a.recording {
		return
	}
	if len(rs.Results) == 0 && a.sig.Results().Len() > 0 {
		// A bare return of named results: their objects, as return v
		// would give them (an error result holds outcome tokens, no
		// objects).
		for i := 0; i < a.sig.Results().Len(); i++ {
			var s Set
			if v := a.sig.Results().At(i); a.followed(v) {
				s, _ = a.getVar(v)
			}
			results = append(results, s)
		}
	}
	if len(results) != a.sig.Results().Len() {
		return // return f() of a call whose results are not known
	}
	a.out.addReturn(&ReturnSite{Stmt: rs, Results: results, Fields: a.returnedHolders(rs), state: a.cur})
}

// multiValueCall returns the call of return f() in a function with
// several results.
func multiValueCall(rs *ast.ReturnStmt, sig *types.Signature) (*ast.CallExpr, bool) {
	if len(rs.Results) != 1 || sig.Results().Len() < 2 {
		return nil, false
	}
	call, ok := ast.Unparen(rs.Results[0]).(*ast.CallExpr)
	return call, ok
}

// assume refines the state with the truth value of a branch condition:
// deletion checks (obj.DeletionTimestamp.IsZero(), obj.GetDeletionTimestamp()
// != nil, and their negations and conjunctions).
func (a *analysis) assume(cond ast.Expr, truth bool) {
	a.track(cond, truth)
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			a.assume(c.X, !truth)
		}
		return
	case *ast.BinaryExpr:
		switch {
		case c.Op == token.LAND && truth, c.Op == token.LOR && !truth:
			a.assume(c.X, truth)
			a.assume(c.Y, truth)
			return
		case c.Op == token.GTR:
			a.assumeVersion(c, truth) // len(obj.ResourceVersion) > 0
			return
		case c.Op == token.EQL || c.Op == token.NEQ:
			x, other := c.X, c.Y
			if astx.IsNil(a.pkg.info, x) {
				x, other = other, x
			}
			if !astx.IsNil(a.pkg.info, other) {
				if (c.Op == token.EQL) == truth {
					a.equate(x, other, nil) // old.Spec.Replicas == obj.Spec.Replicas
				}
				a.assumeVersion(c, truth)
				return
			}
			if (c.Op == token.NEQ) == truth {
				a.failed(x) // err != nil: the call failed
				if call, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(call.Args) == 1 {
					// client.IgnoreNotFound(err) != nil: it failed otherwise.
					if fn := k8s.Callee(a.pkg.info, call); fn != nil && k8s.IsIgnoreError(fn) {
						a.failed(call.Args[0])
					}
				}
			}
			if obj := a.deletionTimestampOf(x); obj != nil {
				// ts == nil: not being deleted.
				a.deleting(obj, (c.Op == token.NEQ) == truth)
			}
			if (c.Op == token.EQL) == truth {
				a.succeeded(x) // err == nil: a helper quiet if nil did nothing
				a.holdsNothing(x)
			}
			return
		}
	case *ast.SelectorExpr:
		// res.Updated false, res from a Finalizers' Finalize: it changed
		// no finalizer.
		if !truth && c.Sel.Name == "Updated" && k8s.IsFinalizerResult(a.pkg.info.TypeOf(c.X)) {
			a.failed(c.X)
		}
	case *ast.CallExpr:
		// A helper whose only result is quiet if false (outcome.go) did
		// nothing where it is false: undone first, so that what the test
		// tells (below) applies to the objects as they are.
		if !truth && a.last != nil && a.last.call == c && slices.Equal(a.last.quietIf, []int{0}) {
			a.undo(a.last)
		}
		// equality.Semantic.DeepEqual(old.Finalizers, obj.Finalizers),
		// needsUpdate(old, obj)
		if a.assumeEqual(c, truth) {
			return
		}
		// ts.IsZero()
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "IsZero" && len(c.Args) == 0 {
			if obj := a.deletionTimestampOf(sel.X); obj != nil {
				a.deleting(obj, !truth)
			}
			return
		}
		// controllerutil.AddFinalizer(obj, f) false: it changed nothing.
		if fn := k8s.Callee(a.pkg.info, c); fn != nil && !truth && a.last != nil && a.last.call == c &&
			(k8s.IsFunc(fn, k8s.Controllerutil, "AddFinalizer") || k8s.IsFunc(fn, k8s.Controllerutil, "RemoveFinalizer")) {
			a.undo(a.last)
			return
		}
		// apierrors.IsNotFound(err), IsAlreadyExists(err), IsConflict(err):
		// true when the call failed.
		if fn := k8s.Callee(a.pkg.info, c); fn != nil && truth && len(c.Args) == 1 && k8s.IsAPIErrorPredicate(fn) {
			a.failed(c.Args[0])
			if fn.Name() == "IsNotFound" {
				a.gone(c.Args[0])
			}
			return
		}
		// isBeingDeleted(obj), r.isTerminating(obj): true when deleting.
		// The name is a guess: it refines an object whose deletion is not
		// known, never one that a test of its DeletionTimestamp settled
		// (argo-cd's IsDeletionOrderReversed reads a spec setting).
		if fn := k8s.Callee(a.pkg.info, c); fn != nil && k8s.SpeaksOfDeletion(fn) {
			for _, arg := range c.Args {
				if a.isObject(a.pkg.info.TypeOf(arg)) && a.maybeDeleting(arg) {
					a.deleting(arg, truth)
				}
			}
		}
	case *ast.Ident:
		// ok := controllerutil.AddFinalizer(obj, f); !ok: it changed
		// nothing (changedVar, quietVar). Undone first, as above.
		if !truth {
			a.failed(c)
		}
		// deleting := !obj.DeletionTimestamp.IsZero(); if deleting {...}
		if v, ok := a.pkg.info.Uses[c].(*types.Var); ok {
			if pred, ok := a.predicates[v]; ok {
				a.assume(pred, truth)
			}
		}
	}
}

// assumeVersion refines the state with a test of an object's
// resourceVersion against the empty string (obj.ResourceVersion == "",
// obj.GetResourceVersion() != "", len(obj.ResourceVersion) == 0): where it
// is not empty the object has one, so it is not Unfilled there.
func (a *analysis) assumeVersion(c *ast.BinaryExpr, truth bool) {
	x, other := c.X, c.Y
	if !isEmptyValue(other) && c.Op != token.GTR {
		x, other = other, x
	}
	if !isEmptyValue(other) {
		return
	}
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "len" {
			x = call.Args[0]
		}
	}
	obj := versionOf(x)
	if obj == nil {
		return
	}
	if (c.Op == token.NEQ || c.Op == token.GTR) != truth {
		a.notCached(obj)
		return
	}
	for _, id := range a.peek(obj) {
		a.setFacts(id, a.facts(id).with(func(f *Facts) { f.Bits &^= Unfilled }))
	}
}

// notCached narrows the variable obj, on a branch where its
// resourceVersion is empty, to the objects it may hold that do not come
// from an informer cache: every object of a cache (and every struct copy
// of one) holds the resourceVersion of the list or watch that brought it
// (observed, err := lister.Get(n); if NotFound { observed = &T{...} };
// if observed.ResourceVersion == "" { build(observed) } changes only the
// new object).
func (a *analysis) notCached(obj ast.Expr) {
	v, set, ok := a.localVar(obj)
	if !ok {
		return
	}
	var kept Set
	for _, id := range set {
		if !a.facts(id).Has(Cached | SharesCache) {
			kept = union(kept, Set{id})
		}
	}
	if len(kept) < len(set) {
		// Also when nothing is left: the branch never runs with a
		// cached object (and the narrowing stays monotone, as the
		// fixpoint needs: a larger set never gives a smaller result).
		a.setVar(v, kept)
	}
}

// holdsNothing narrows the variable x, on a branch where it is nil, to
// no object at all (if secret != nil { secret = secret.DeepCopy() }: on
// the other branch the variable does not hold the cache's object). Empty
// also when it held several: the narrowing is monotone, as notCached's.
func (a *analysis) holdsNothing(x ast.Expr) {
	if v, set, ok := a.localVar(x); ok && len(set) > 0 {
		a.setVar(v, nil)
	}
}

// localVar resolves e, an identifier, to the variable it names and the
// objects that variable holds; ok is false for anything else, or a
// variable the analysis does not follow.
func (a *analysis) localVar(e ast.Expr) (*types.Var, Set, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, nil, false
	}
	v, ok := a.pkg.info.Uses[id].(*types.Var)
	if !ok {
		return nil, nil, false
	}
	set, ok := a.getVar(v)
	return v, set, ok
}

// isEmptyValue reports whether e is "" or 0.
func isEmptyValue(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	return ok && (lit.Value == `""` || lit.Value == "``" || lit.Value == "0")
}

// findPredicates records the local boolean variables assigned once, from
// a deletion check, or from a conjunction, disjunction or negation of
// local boolean variables assigned once before it (needsUpdate :=
// metaChanged || len(diff) > 0): branching on them is branching on the
// expression. A
// variable narrowed once by a deletion check (ok := ...; ok = ok &&
// obj.DeletionTimestamp == nil), used only after that, is true only where
// the check is: branching on it assumes the check where it is true, and
// nothing where it is false. The narrowing must be a statement of the
// function's body, and the variable read only after it.
func (a *analysis) findPredicates() {
	info := a.pkg.info
	count := map[*types.Var]int{}
	assigned := map[*types.Var]token.Pos{}
	exprs := map[*types.Var]ast.Expr{}
	composed := map[*types.Var]ast.Expr{}
	narrowed := map[*types.Var]*ast.AssignStmt{}
	ast.Inspect(a.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		a.returnedTimestamps(as, exprs) // ts, err := r.cleanup(ctx, obj)
		for i, lhs := range as.Lhs {
			id, ok := lhs.(*ast.Ident)
			if !ok {
				continue
			}
			v, _ := info.Defs[id].(*types.Var)
			if v == nil {
				v, _ = info.Uses[id].(*types.Var)
			}
			if v == nil {
				continue
			}
			count[v]++
			assigned[v] = as.Pos()
			if len(as.Rhs) == len(as.Lhs) && a.mentionsDeletion(as.Rhs[i]) {
				exprs[v] = as.Rhs[i]
			} else if len(as.Rhs) == len(as.Lhs) && isBool(v.Type()) && a.composesLocalBools(as.Rhs[i]) {
				composed[v] = as.Rhs[i]
			}

			if a.narrowedBy(as, v) != nil {
				narrowed[v] = as
			}
		}
		return true
	})
	add := func(v *types.Var, e ast.Expr) {
		if a.predicates == nil {
			a.predicates = map[*types.Var]ast.Expr{}
		}
		a.predicates[v] = e
	}
	for v, e := range exprs {
		if count[v] == 1 {
			add(v, e)
		}
	}
	for v, e := range composed {
		if count[v] == 1 && a.operandsSettled(e, count, assigned, assigned[v]) {
			add(v, e)
		}
	}
	for v, as := range narrowed {
		// At the body's top level, every path to a later use passes the
		// narrowing.
		if count[v] == 2 && slices.Contains(a.body.List, ast.Stmt(as)) && !a.usedBefore(v, as) {
			// check && check: assumed where true, nothing where false.
			check := a.narrowedBy(as, v)
			add(v, &ast.BinaryExpr{X: check, OpPos: check.Pos(), Op: token.LAND, Y: check})
		}
	}
}

// composesLocalBools reports whether e is a conjunction, disjunction or
// negation with a local boolean variable among its operands (changed :=
// refChanged || finChanged || !equal): where it is false, so is each
// operand of a disjunction, and a variable bound to what a call did
// (changedVar, quietVar) says the call did nothing.
func (a *analysis) composesLocalBools(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if x.Op != token.LOR && x.Op != token.LAND {
			return false
		}
		return a.isLocalBool(x.X) || a.isLocalBool(x.Y) || a.composesLocalBools(x.X) || a.composesLocalBools(x.Y)
	case *ast.UnaryExpr:
		return x.Op == token.NOT && (a.isLocalBool(x.X) || a.composesLocalBools(x.X))
	}
	return false
}

// isLocalBool reports whether e names a local boolean variable.
func (a *analysis) isLocalBool(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := a.pkg.info.Uses[id].(*types.Var)
	return v != nil && isBool(v.Type()) && a.local(v)
}

// operandsSettled reports whether every local variable that e reads is
// assigned at most once in the function, before at: branching on a
// variable assigned e later then branches on what e's operands held.
func (a *analysis) operandsSettled(e ast.Expr, count map[*types.Var]int, assigned map[*types.Var]token.Pos, at token.Pos) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		v, _ := a.pkg.info.Uses[id].(*types.Var)
		if v != nil && a.local(v) && (count[v] > 1 || count[v] == 1 && assigned[v] >= at) {
			ok = false
		}
		return ok
	})
	return ok
}

// narrowedBy returns E when as is v = v && E (or v = E && v) and E reads a
// deletion timestamp, or nil.
func (a *analysis) narrowedBy(as *ast.AssignStmt, v *types.Var) ast.Expr {
	if as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	and, ok := ast.Unparen(as.Rhs[0]).(*ast.BinaryExpr)
	if !ok || and.Op != token.LAND {
		return nil
	}
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && a.pkg.info.Uses[id] == v
	}
	switch {
	case is(and.X) && a.mentionsDeletion(and.Y):
		return and.Y
	case is(and.Y) && a.mentionsDeletion(and.X):
		return and.X
	}
	return nil
}

// usedBefore reports whether v is read before the end of as other than in
// as itself: a branch there would not see the narrowing.
func (a *analysis) usedBefore(v *types.Var, as *ast.AssignStmt) bool {
	found := false
	ast.Inspect(a.body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= as.Pos() {
			return false // nothing at or after the narrowing counts
		}
		if id, ok := n.(*ast.Ident); ok && a.pkg.info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// mentionsDeletion reports whether e reads a deletion timestamp.
func (a *analysis) mentionsDeletion(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && a.deletionTimestampOf(x) != nil {
			found = true
		}
		return !found
	})
	return found
}

// deletionTimestampOf returns the object whose deletion timestamp e reads
// (obj.DeletionTimestamp, obj.GetDeletionTimestamp(),
// obj.ObjectMeta.DeletionTimestamp), or nil.
func (a *analysis) deletionTimestampOf(e ast.Expr) ast.Expr {
	if owner := timestampOwner(e); owner != nil {
		return owner
	}
	// ts := obj.GetDeletionTimestamp(), assigned once (an if statement's
	// init), or the timestamp a helper returns: ts is obj's timestamp.
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := a.pkg.info.Uses[id].(*types.Var); ok {
			if rhs, ok := a.predicates[v]; ok {
				return a.deletionTimestampOf(rhs)
			}
		}
	}
	return nil
}

// deleting records on this path that the objects of obj are (or are not)
// being deleted.
func (a *analysis) deleting(obj ast.Expr, yes bool) {
	set := a.peek(obj)
	for _, id := range set {
		a.setFacts(id, a.facts(id).with(func(f *Facts) {
			f.Bits &^= MaybeDeleting | Deleting
			if yes {
				f.Bits |= Deleting
			}
		}))
	}
}

// maybeDeleting reports whether some object of obj may or may not be
// being deleted: its deletion is not settled on the path to here.
func (a *analysis) maybeDeleting(obj ast.Expr) bool {
	for _, id := range a.peek(obj) {
		if a.facts(id).Has(MaybeDeleting) {
			return true
		}
	}
	return false
}

// copiesServerMeta reports whether e is the whole metadata of objects as
// the API server last returned them (current.ObjectMeta, after a Get into
// current, with nothing changed since): assigning it to another object
// takes the server's metadata, and leaves nothing of it to send.
func (a *analysis) copiesServerMeta(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "ObjectMeta" {
		return false
	}
	set := a.peek(sel.X)
	if len(set) == 0 {
		return false
	}
	for _, id := range set {
		if f := a.facts(id); !f.Has(Filled) || len(f.Changes) > 0 {
			return false
		}
	}
	return true
}
