package requeueerror

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/cfg"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// The flow follows, over the function's control-flow graph (go/cfg),
// what the variables returned by the candidate returns may hold. Its
// units are single variables (a Result or an error) and pairs (a Result
// and an error returned together, whose values correlate: `res, err :=
// f()`, or a requeue set only where err == nil). A unit lives from the
// declaration of its variables to the last return that reads it (the end
// of the outermost loop around that return), and within their scope, so
// that many short-lived variables (a Result per step, `if err := ...;
// err != nil`) cost time in proportion to their lives, and the flow stays
// linear in the function's size. Each state holds the live units only.

// unit is a variable or a pair of variables the flow follows.
type unit struct {
	r, e   *types.Var // either may be nil
	lo, hi token.Pos  // where it lives: both in scope, and read by a return to come
}

// entry is the state of one unit: the (result, error) pairs it may hold.
type entry struct {
	u int
	m mask
}

// state is the flow state at one point: entries sorted by unit, one per
// live unit.
type state []entry

func (s state) get(u int) (mask, bool) {
	i, ok := slices.BinarySearchFunc(s, u, func(e entry, u int) int { return e.u - u })
	if !ok {
		return 0, false
	}
	return s[i].m, true
}

func (s state) set(u int, m mask) state {
	i, ok := slices.BinarySearchFunc(s, u, func(e entry, u int) int { return e.u - u })
	if ok {
		s[i].m = m
		return s
	}
	return slices.Insert(s, i, entry{u, m})
}

// join returns the union of s and t (which it may reuse), and whether it
// differs from s.
func join(s, t state) (state, bool) {
	out := make(state, 0, max(len(s), len(t)))
	changed := false
	i, j := 0, 0
	for i < len(s) || j < len(t) {
		switch {
		case j == len(t) || i < len(s) && s[i].u < t[j].u:
			out = append(out, s[i])
			i++
		case i == len(s) || t[j].u < s[i].u:
			out = append(out, t[j])
			changed = true
			j++
		default:
			m := s[i].m | t[j].m
			changed = changed || m != s[i].m
			out = append(out, entry{s[i].u, m})
			i++
			j++
		}
	}
	return out, changed
}

type flow struct {
	f     *fn
	units []unit
	// origins are the pair units of a returned Result variable and the
	// error assigned with it from one call (`res, err := f()`): they say
	// whether the Result came from a call that failed (addTiedToFailure),
	// or is zero where that call's error is non-nil (zeroByPair).
	origins []int
	// byVar lists the units of each variable; single[v] is v's own unit.
	byVar  map[*types.Var][]int
	single map[*types.Var]int
	// rets lists the candidate returns by statement; pending are the
	// returns the flow decides.
	rets    map[*ast.ReturnStmt][]*ret
	pending []*ret
	// carriers: some unit follows a duration, a flag or a struct
	// (conditions on them narrow; otherwise they are not looked at).
	carriers bool
}

// solve decides the returns that need the flow.
func (f *fn) solve() {
	fl := &flow{f: f, byVar: map[*types.Var][]int{}, single: map[*types.Var]int{}, rets: map[*ast.ReturnStmt][]*ret{}}
	for _, r := range f.returns {
		var rv, ev *types.Var
		if r.res.kind == resVar || r.res.kind == resFrom {
			rv = r.res.v
		}
		if r.err.kind == errVar {
			ev = r.err.v
		}
		if rv == nil && ev == nil {
			continue
		}
		r.unit = fl.unitOf(rv, ev)
		fl.rets[r.stmt] = append(fl.rets[r.stmt], r)
		fl.pending = append(fl.pending, r)
	}
	fl.addOrigins()
	fl.bound()
	if len(fl.units) == 0 {
		return
	}
	g := cfg.New(f.body, f.mayReturn)
	fl.run(g)
}

// addOrigins adds the origin units: for each Result variable that a
// return reads with an error, the pairs of it and the error that a call
// assigns with it (`res, err := f()`), when no return reads that pair.
func (fl *flow) addOrigins() {
	returned := map[*types.Var]bool{}
	for _, u := range fl.units {
		// Every returned Result variable, also one that no return pairs
		// with an error variable (return res, fmt.Errorf("...: %w", err)).
		if u.r != nil && carrierOf(u.r.Type()) == carrierResult {
			returned[u.r] = true
		}
	}
	if len(returned) == 0 {
		return
	}
	ast.Inspect(fl.f.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) < 2 {
			return true
		}
		if _, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !ok {
			return true
		}
		e := fl.f.varOf(as.Lhs[len(as.Lhs)-1])
		if e == nil || e.Name() == "_" || !types.Identical(e.Type(), fl.f.c.errorTyp) {
			return true
		}
		for _, l := range as.Lhs[:len(as.Lhs)-1] {
			if r := fl.f.varOf(l); r != nil && returned[r] {
				// A pair that no return reads (named results assigned
				// by the call, returned with a new error) lives as
				// long as the Result's other pairs too.
				fl.origins = append(fl.origins, fl.unitOf(r, e))
			}
		}
		return true
	})
}

// addTiedToFailure adds to out the Result variables paired with the
// error variable e whose tied value came, in s, from a call whose error
// was non-nil: in some live pair of the Result with an error, a value
// tied to that error is met only where it is non-nil (inside `if err !=
// nil` after `res, err := f()`). Replacing the error there by another
// non-nil one drops what returning the call's own pair would drop, which
// the callee decided and is judged where it builds the pair.
func (fl *flow) addTiedToFailure(out map[*types.Var]bool, s state, e *types.Var) map[*types.Var]bool {
	const tiedNil = mask(1<<(rTied*2+eNil) | 1<<(rTiedAfter*2+eNil))
	const tiedAny = tiedNil | mask(1<<(rTied*2+eNonNil)|1<<(rTiedAfter*2+eNonNil))
	for _, u := range fl.byVar[e] {
		r := fl.units[u].r
		if r == nil || out[r] {
			continue
		}
		for _, u2 := range fl.byVar[r] {
			if fl.units[u2].e == nil {
				continue
			}
			if m, live := s.get(u2); live && m&tiedAny != 0 && m&tiedNil == 0 {
				if out == nil {
					out = map[*types.Var]bool{}
				}
				out[r] = true
				break
			}
		}
	}
	return out
}

// unitOf returns the unit of the pair (r, e), creating it and the single
// units it is seeded from.
func (fl *flow) unitOf(r, e *types.Var) int {
	if r == nil || e == nil {
		v := r
		if v == nil {
			v = e
		}
		if u, ok := fl.single[v]; ok {
			return u
		}
		u := fl.add(unit{r: r, e: e})
		fl.single[v] = u
		return u
	}
	for _, u := range fl.byVar[r] {
		if fl.units[u].e == e {
			return u
		}
	}
	if r.Name() == "_" { // never assigned: always the zero Result
		return fl.unitOf(nil, e)
	}
	fl.unitOf(r, nil)
	fl.unitOf(nil, e)
	return fl.add(unit{r: r, e: e})
}

func (fl *flow) add(u unit) int {
	u.lo, u.hi = token.NoPos, token.Pos(1<<62)
	for _, v := range []*types.Var{u.r, u.e} {
		if v == nil {
			continue
		}
		u.lo = max(u.lo, v.Pos())
		if v.Parent() != nil {
			u.hi = min(u.hi, v.Parent().End())
		}
		if fl.f.params[v] || v == fl.f.named[0] || v == fl.f.named[1] {
			u.lo = fl.f.body.Pos()
		}
	}
	if u.r != nil && carrierOf(u.r.Type()) != carrierResult {
		fl.carriers = true
	}
	i := len(fl.units)
	fl.units = append(fl.units, u)
	for _, v := range []*types.Var{u.r, u.e} {
		if v != nil {
			fl.byVar[v] = append(fl.byVar[v], i)
		}
	}
	return i
}

// bound ends each unit where it stops mattering: after the last return
// that reads it (or, within a loop, after the outermost loop around that
// return). A single unit lives as long as the pairs it seeds.
func (fl *flow) bound() {
	live := make([]token.Pos, len(fl.units))
	for _, r := range fl.pending {
		live[r.unit] = max(live[r.unit], r.liveEnd)
	}
	for _, o := range fl.origins {
		for _, u := range fl.byVar[fl.units[o].r] {
			live[o] = max(live[o], live[u])
		}
	}
	for u, pu := range fl.units {
		if pu.r != nil && pu.e != nil {
			for _, v := range []*types.Var{pu.r, pu.e} {
				live[fl.single[v]] = max(live[fl.single[v]], live[u])
			}
		}
	}
	for u := range fl.units {
		fl.units[u].hi = min(fl.units[u].hi, live[u])
	}
}

// initial returns the value sets of v on entry, if it is live there.
func (fl *flow) initial(v *types.Var) (rs, es uint8, ok bool) {
	switch {
	case v == nil:
		return 1 << rZero, esNil, true
	case fl.f.params[v]:
		return 1 << rTied, esMaybe, true
	case v == fl.f.named[0] || v == fl.f.named[1]:
		return 1 << rZero, esNil, true
	}
	return 0, 0, false
}

func (fl *flow) entryState() state {
	var s state
	for i, u := range fl.units {
		rs, _, okR := fl.initial(u.r)
		_, es, okE := fl.initial(u.e)
		if okR && okE {
			s = append(s, entry{i, product(rs, es)})
		}
	}
	return s
}

// run computes the state at each block's entry to a fixed point, then
// decides the returns.
func (fl *flow) run(g *cfg.CFG) {
	if len(g.Blocks) == 0 {
		return
	}
	in := make([]state, len(g.Blocks))
	seen := make([]bool, len(g.Blocks))
	queued := make([]bool, len(g.Blocks))
	in[0], seen[0] = fl.entryState(), true
	work := []*cfg.Block{g.Blocks[0]}
	queued[0] = true
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b.Index] = false
		out := fl.block(b, slices.Clone(in[b.Index]), false)
		for i, succ := range b.Succs {
			next := out
			if len(b.Succs) == 2 && len(b.Nodes) > 0 {
				next = fl.refine(slices.Clone(out), b.Nodes[len(b.Nodes)-1], i == 0)
			}
			var changed bool
			if !seen[succ.Index] {
				in[succ.Index], changed, seen[succ.Index] = next, true, true
			} else {
				in[succ.Index], changed = join(in[succ.Index], next)
			}
			if changed && !queued[succ.Index] {
				queued[succ.Index] = true
				work = append(work, succ)
			}
		}
	}
	for _, b := range g.Blocks {
		if seen[b.Index] {
			fl.block(b, slices.Clone(in[b.Index]), true)
		}
	}
}

// block applies b's nodes to s; with decide, it also decides the returns
// of b.
func (fl *flow) block(b *cfg.Block, s state, decide bool) state {
	if len(b.Nodes) > 0 {
		s = fl.dropOutOfScope(s, b.Nodes[0].Pos())
	}
	if rs, ok := b.Stmt.(*ast.RangeStmt); ok && b.Kind == cfg.KindRangeBody && rs.Tok != token.ILLEGAL {
		s = fl.assignAll(s, []ast.Expr{rs.Key, rs.Value}, nil, nil, rs.Tok == token.DEFINE)
	}
	for _, n := range b.Nodes {
		switch n := n.(type) {
		case *ast.AssignStmt:
			s = fl.assignStmt(s, n)
		case *ast.IncDecStmt:
			s = fl.carrierOpStore(s, n.X, n.Tok)
		case *ast.ValueSpec:
			s = fl.valueSpec(s, n)
		case *ast.ReturnStmt:
			if decide {
				fl.decide(s, n)
			}
		}
	}
	return s
}

func (fl *flow) dropOutOfScope(s state, pos token.Pos) state {
	return slices.DeleteFunc(s, func(e entry) bool {
		u := fl.units[e.u]
		return pos < u.lo || pos >= u.hi
	})
}

func (fl *flow) assignStmt(s state, as *ast.AssignStmt) state {
	if as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
		for _, lhs := range as.Lhs {
			s = fl.fieldStore(s, lhs, nil, true)
			s = fl.carrierOpStore(s, lhs, as.Tok)
		}
		return s
	}
	if len(as.Rhs) == len(as.Lhs) {
		return fl.assignAll(s, as.Lhs, as.Rhs, nil, as.Tok == token.DEFINE)
	}
	return fl.assignAll(s, as.Lhs, nil, as.Rhs[0], as.Tok == token.DEFINE)
}

func (fl *flow) valueSpec(s state, vs *ast.ValueSpec) state {
	lhs := make([]ast.Expr, len(vs.Names))
	for i, n := range vs.Names {
		lhs[i] = n
	}
	switch {
	case len(vs.Values) == len(vs.Names):
		return fl.assignAll(s, lhs, vs.Values, nil, true)
	case len(vs.Values) == 0:
		zero := make([]ast.Expr, len(lhs))
		for i := range zero {
			zero[i] = zeroValue
		}
		return fl.assignAll(s, lhs, zero, nil, true)
	}
	return fl.assignAll(s, lhs, nil, vs.Values[0], true)
}

// zeroValue stands for the zero value of a declared variable.
var zeroValue = &ast.BadExpr{}

// assignAll stores rhs (nil: the results of one call, tuple) into lhs.
// With define, variables of lhs that the statement declares start
// living.
func (fl *flow) assignAll(s state, lhs, rhs []ast.Expr, tuple ast.Expr, define bool) state {
	stores := map[*types.Var]store{}
	var pairs []int
	before := s
	joint := fl.jointFields(lhs, tuple)
	var failed map[*types.Var]bool
	for i, l := range lhs {
		if l == nil {
			continue
		}
		var r ast.Expr
		if rhs != nil {
			r = rhs[i]
		}
		v := fl.f.varOf(l)
		if v == nil || len(fl.byVar[v]) == 0 {
			s = fl.fieldStore(s, l, r, false)
			continue
		}
		id, _ := ast.Unparen(l).(*ast.Ident)
		var st store
		switch {
		case r == zeroValue:
			st.rs, st.es = 1<<rZero, esNil
		case r != nil:
			st = fl.f.storeSet(v, r, nil, i)
			st.es = fl.f.errSet(r)
		default:
			st = fl.f.storeSet(v, nil, tuple, i)
			st.es, st.tupleErr = esMaybe, i == len(lhs)-1
		}
		st.def = define && id != nil && fl.f.c.pass.TypesInfo.Defs[id] != nil
		stores[v] = st
		if carrierOf(v.Type()) == notCarrier {
			failed = fl.addTiedToFailure(failed, s, v)
		}
		pairs = fl.pairsOf(s, v, st.def, pairs)
		if u, ok := fl.single[v]; ok {
			s = fl.storeSingle(s, u, st)
		}
	}
	for _, u := range pairs {
		if name, ok := joint[fl.units[u].r]; ok && stores[fl.units[u].e].tupleErr {
			s = fl.storeJointField(s, before, u, name)
			continue
		}
		s = fl.storePair(s, u, stores, failed[fl.units[u].r])
	}
	return s
}

// jointFields returns the Result variables whose requeue field the
// assignment lhs = tuple stores from a zero-on-error result of the call
// (res.RequeueAfter, err = r.delay(ctx)), by variable, with the field.
func (fl *flow) jointFields(lhs []ast.Expr, tuple ast.Expr) map[*types.Var]string {
	call, ok := ast.Unparen(tuple).(*ast.CallExpr)
	if !ok || len(lhs) < 2 {
		return nil
	}
	var out map[*types.Var]string
	for i, l := range lhs[:len(lhs)-1] {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok || !requeueField(sel.Sel.Name) {
			continue
		}
		v := fl.f.varOf(sel.X)
		if v == nil || !fl.f.c.zeroOnError(fl.f.c.callee(call), i) {
			continue
		}
		if out == nil {
			out = map[*types.Var]string{}
		}
		out[v] = sel.Sel.Name
	}
	return out
}

// storeJointField stores into the pair unit u, whose error the
// assignment sets from a call's last result, the requeue field name of
// its Result from a zero-on-error result of the same call: set where the
// error is nil, zero where it is not. The Result's other fields are as
// they were before the statement (before).
func (fl *flow) storeJointField(s, before state, u int, name string) state {
	pu := fl.units[u]
	m, live := before.get(u)
	if !live {
		if m, live = before.get(fl.single[pu.r]); !live {
			return s
		}
	}
	rs := untie(m.rs())
	set, zero := fl.fieldTransfer(name, false), fl.fieldTransfer(name, true)
	var out mask
	for r := range numR {
		if rs&(1<<r) != 0 {
			out |= bit(set[r], eNil) | bit(zero[r], eNonNil)
		}
	}
	return s.set(u, out)
}

// pairsOf adds to pairs the pair units of v that a store into v may
// change: those live in s, and with def those it may start. Only live
// units are looked at for a plain store, so that a variable in many
// pairs (err with a Result per step) costs no more per store than the
// units live there.
func (fl *flow) pairsOf(s state, v *types.Var, def bool, pairs []int) []int {
	add := func(u int) {
		pu := fl.units[u]
		if pu.r != nil && pu.e != nil && (pu.r == v || pu.e == v) && !slices.Contains(pairs, u) {
			pairs = append(pairs, u)
		}
	}
	if def {
		for _, u := range fl.byVar[v] {
			add(u)
		}
		return pairs
	}
	for _, e := range s {
		add(e.u)
	}
	return pairs
}

// store is what one statement stores into one variable. joint: the
// carrier stored is zero wherever the error of the same call is
// non-nil; tupleErr: the variable receives the last result (the error)
// of a call.
type store struct {
	rs, es   uint8
	def      bool
	joint    bool
	tupleErr bool
}

// failingRequeues are the pairs of a requeue (or an unknown Result) with
// a non-nil error.
var failingRequeues = func() mask {
	var m mask
	for r := range numR {
		if r != rZero {
			m |= bit(r, eNonNil)
		}
	}
	return m
}()

// storeSingle stores st into the variable of the single unit u.
func (fl *flow) storeSingle(s state, u int, st store) state {
	if _, live := s.get(u); !live && !st.def {
		return s
	}
	if fl.units[u].r != nil {
		return s.set(u, product(st.rs, esNil))
	}
	return s.set(u, product(1<<rZero, st.es))
}

// storePair applies the stores of one statement to the pair u. A pair
// starts living when both its variables live; a Result stays tied to an
// error only while both come from the same statement.
func (fl *flow) storePair(s state, u int, stores map[*types.Var]store, failed bool) state {
	pu := fl.units[u]
	sr, assignedR := stores[pu.r]
	se, assignedE := stores[pu.e]
	if assignedR && assignedE {
		// Both from this statement: `d, err := r.delay(ctx)` keeps the
		// callee's correlation when it is zero-on-error.
		if _, live := s.get(u); !live {
			_, okR := s.get(fl.single[pu.r])
			_, okE := s.get(fl.single[pu.e])
			if !okR || !okE {
				return s
			}
		}
		m := product(sr.rs, se.es)
		if sr.joint && se.tupleErr {
			m &^= failingRequeues
		}
		return s.set(u, m)
	}
	m, live := s.get(u)
	if !live || sr.def || se.def {
		mr, okR := s.get(fl.single[pu.r])
		me, okE := s.get(fl.single[pu.e])
		if !okR || !okE {
			return s
		}
		rs := mr.rs()
		// One of the two is replaced: the Result is no longer tied to the
		// error, unless the error replaces a failed call's (addTiedToFailure).
		if !assignedE || !failed {
			rs = untie(rs)
		}
		return s.set(u, product(rs, me.es()))
	}
	rs, es := m.rs(), m.es()
	switch {
	case assignedR:
		rs = sr.rs
	case assignedE && failed:
		es = se.es
	case assignedE:
		rs, es = untie(rs), se.es
	}
	return s.set(u, product(rs, es))
}

// carrierOpStore handles d += x, d++ on a carrier variable: zero times
// or divided by anything stays zero (d *= 2), anything else may not.
func (fl *flow) carrierOpStore(s state, lhs ast.Expr, tok token.Token) state {
	v := fl.carrierVar(lhs)
	if v == nil || tok == token.MUL_ASSIGN || tok == token.QUO_ASSIGN {
		return s
	}
	for i := range s {
		if fl.units[s[i].u].r != v {
			continue
		}
		var m mask
		for e := eNil; e <= eNonNil; e++ {
			for r := range numR {
				if s[i].m&bit(r, e) != 0 {
					m |= bit(rOpaque, e)
				}
			}
		}
		s[i].m = m
	}
	return s
}

// fieldStore handles res.RequeueAfter = x, res.Requeue = x, and
// res.RequeueAfter += x (op).
func (fl *flow) fieldStore(s state, lhs, rhs ast.Expr, op bool) state {
	sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
	if !ok || !requeueField(sel.Sel.Name) {
		return s
	}
	v := fl.f.varOf(sel.X)
	if v == nil {
		return s
	}
	to := fl.fieldTransfer(sel.Sel.Name, !op && rhs != nil && fl.f.c.isZero(rhs))
	if sel.Sel.Name == "RequeueAfter" && fl.f.delaySetAround(lhs, v) {
		// res.RequeueAfter = d where it is set: whether res requests a
		// requeue, and with what it was returned, stay as they were.
		for r := range numR {
			to[r] = r
		}
	}
	for _, u := range fl.byVar[v] {
		if fl.units[u].r != v {
			continue
		}
		if m, live := s.get(u); live {
			var out mask
			for r := range numR {
				for e := eNil; e <= eNonNil; e++ {
					if m&bit(r, e) != 0 {
						out |= bit(to[r], e)
					}
				}
			}
			s = s.set(u, out)
		}
	}
	return s
}

// delaySetAround reports whether the store into v.RequeueAfter at lhs
// is a statement of the then branch of an if whose condition says that
// v.RequeueAfter is set (res.RequeueAfter > 0 && ..., a conjunct), with
// no other assignment of v before it in that branch.
func (f *fn) delaySetAround(lhs ast.Expr, v *types.Var) bool {
	var path []ast.Node
	for _, file := range f.c.pass.Files {
		if file.FileStart <= lhs.Pos() && lhs.Pos() < file.FileEnd {
			path, _ = astutil.PathEnclosingInterval(file, lhs.Pos(), lhs.End())
		}
	}
	for i, n := range path {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			continue
		}
		if i < 2 || path[i-1] != ifs.Body {
			return false // in the else branch, or the condition itself
		}
		as, ok := path[i-2].(*ast.AssignStmt)
		if !ok || as.Pos() > lhs.Pos() || !f.setsDelay(ifs.Cond, v) {
			return false
		}
		for _, st := range ifs.Body.List {
			if st == as {
				return true
			}
			if f.assigns(st, v) {
				return false
			}
		}
		return false
	}
	return false
}

// setsDelay reports whether cond, or one of its && conjuncts, says that
// v.RequeueAfter is set (> 0, != 0, 0 <).
func (f *fn) setsDelay(cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if b.Op == token.LAND {
		return f.setsDelay(b.X, v) || f.setsDelay(b.Y, v)
	}
	x, y, op := b.X, b.Y, b.Op
	if f.c.isZero(x) {
		x, y, op = y, x, mirrored(op)
	}
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "RequeueAfter" && f.varOf(sel.X) == v && f.c.isZero(y) &&
		(op == token.GTR || op == token.NEQ)
}

// assigns reports whether st assigns v or one of its fields.
func (f *fn) assigns(st ast.Stmt, v *types.Var) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for _, l := range as.Lhs {
			for {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					break
				}
				l = sel.X
			}
			if f.varOf(l) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// fieldTransfer maps each Result value to the value after a store into
// its field name, of a zero value where zero is set (a compound
// assignment, res.RequeueAfter += d, never stores zero). The rows follow the order
// of the r constants: zero, requeue, after, opaque, tied, afterOnly,
// tiedAfter.
func (fl *flow) fieldTransfer(name string, zero bool) [numR]int {
	switch {
	case name == "RequeueAfter" && zero:
		return [numR]int{rZero, rRequeue, rRequeue, rRequeue, rRequeue, rZero, rZero}
	case name == "RequeueAfter":
		return [numR]int{rAfterOnly, rAfter, rAfter, rAfter, rAfter, rAfterOnly, rAfterOnly}
	case zero: // Requeue = false
		return [numR]int{rZero, rZero, rAfterOnly, rAfterOnly, rAfterOnly, rAfterOnly, rAfterOnly}
	}
	return [numR]int{rRequeue, rRequeue, rAfter, rOpaque, rOpaque, rAfter, rAfter}
}

// refine narrows s on the branch of cond that is taken when cond is
// truth: err != nil, err == nil, !, &&, ||.
func (fl *flow) refine(s state, cond ast.Node, truth bool) state {
	e, ok := cond.(ast.Expr)
	if !ok {
		return s
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident: // a requeue flag
		if v := fl.carrierVar(e); v != nil && !truth {
			return fl.refineZero(s, v)
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return fl.refine(s, e.X, !truth)
		}
	case *ast.SelectorExpr: // res.Requeue
		if v, name := fl.resultField(e); v != nil && name == "Requeue" {
			return fl.refineField(s, v, name, !truth)
		}
	case *ast.BinaryExpr:
		if v, name, zero, ok := fl.resultFieldComparedWithZero(e, truth); ok {
			return fl.refineField(s, v, name, zero)
		}
		switch {
		case e.Op == token.LAND && truth, e.Op == token.LOR && !truth:
			return fl.refine(fl.refine(s, e.X, truth), e.Y, truth)
		case e.Op == token.EQL || e.Op == token.NEQ:
			if v := fl.zeroResultCompared(e); v != nil {
				if (e.Op == token.EQL) == truth {
					return fl.refineZero(s, v)
				}
				return s
			}
			if v, op := fl.carrierComparedWithZero(e); v != nil {
				if (op == token.EQL) == truth {
					return fl.refineZero(s, v)
				}
				return s
			}
			return fl.refineNil(s, e, truth)
		case e.Op == token.GTR || e.Op == token.LEQ || e.Op == token.LSS || e.Op == token.GEQ:
			// d > 0 false, d <= 0 true: no RequeueAfter (controller-runtime
			// requeues after a delay only when it is positive).
			if v, op := fl.carrierComparedWithZero(e); v != nil && (op == token.GTR) != truth {
				return fl.refineZero(s, v)
			}
		}
	case *ast.CallExpr:
		// res.IsZero()
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && truth && sel.Sel.Name == "IsZero" && len(e.Args) == 0 {
			if v := fl.f.varOf(sel.X); v != nil && k8s.IsReconcileResult(v.Type()) {
				return fl.refineZero(s, v)
			}
		}
	}
	return s
}

// resultField returns the Result variable and the requeue field that e
// selects (res.RequeueAfter, res.Requeue), or nil.
func (fl *flow) resultField(e ast.Expr) (*types.Var, string) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || !requeueField(sel.Sel.Name) {
		return nil, ""
	}
	v := fl.f.varOf(sel.X)
	if v == nil || !k8s.IsReconcileResult(v.Type()) {
		return nil, ""
	}
	return v, sel.Sel.Name
}

// resultFieldComparedWithZero reads a comparison of a Result variable's
// requeue field with zero (res.RequeueAfter > 0, 0 == res.RequeueAfter,
// res.Requeue == false) on the branch where it is truth: whether the
// field is zero there (a RequeueAfter that is not positive requests no
// requeue after a delay). ok is false for anything else.
func (fl *flow) resultFieldComparedWithZero(cmp *ast.BinaryExpr, truth bool) (v *types.Var, name string, zero, ok bool) {
	op := cmp.Op
	x, y := cmp.X, cmp.Y
	if v, _ := fl.resultField(x); v == nil {
		x, y, op = y, x, mirrored(op)
	}
	v, name = fl.resultField(x)
	if v == nil || !fl.f.c.isZero(y) {
		return nil, "", false, false
	}
	switch op {
	case token.EQL, token.LEQ:
		return v, name, truth, true
	case token.NEQ, token.GTR:
		return v, name, !truth, true
	}
	return nil, "", false, false // d < 0, d >= 0: say nothing
}

// refineField narrows s where the requeue field name of the Result
// variable v is known to be zero, or not: a Result whose RequeueAfter is
// zero requests at most Requeue, one whose RequeueAfter is set is not
// empty (and the same for Requeue).
func (fl *flow) refineField(s state, v *types.Var, name string, zero bool) state {
	var to [numR]int
	for r := range numR {
		to[r] = r
	}
	switch {
	case name == "RequeueAfter" && zero:
		to[rAfterOnly], to[rAfter], to[rTiedAfter] = rZero, rRequeue, rZero
	case name == "RequeueAfter":
		to[rZero], to[rRequeue] = drop, drop
	case zero: // Requeue false
		to[rRequeue], to[rAfter] = rZero, rAfterOnly
	default:
		to[rZero], to[rAfterOnly], to[rTiedAfter] = drop, drop, drop
	}
	return fl.remap(s, v, to)
}

// remap maps the Result values that the units of the Result variable v
// may hold through to (drop: it cannot hold that value here), each with
// the errors it came with.
func (fl *flow) remap(s state, v *types.Var, to [numR]int) state {
	for i := range s {
		if fl.units[s[i].u].r != v {
			continue
		}
		var m mask
		for e := eNil; e <= eNonNil; e++ {
			for r := range numR {
				if s[i].m&bit(r, e) != 0 && to[r] != drop {
					m |= bit(to[r], e)
				}
			}
		}
		s[i].m = m
	}
	return s
}

// mirrored returns the operator that compares y with x as op compares x
// with y (0 < d is d > 0).
func mirrored(op token.Token) token.Token {
	switch op {
	case token.GTR:
		return token.LSS
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// carrierVar returns the variable e names if the flow follows it as a
// duration, a flag or a struct carrier, or nil.
func (fl *flow) carrierVar(e ast.Expr) *types.Var {
	if !fl.carriers {
		return nil
	}
	if _, ok := ast.Unparen(e).(*ast.Ident); !ok {
		return nil
	}
	v := fl.f.varOf(e)
	if v == nil || len(fl.byVar[v]) == 0 {
		return nil
	}
	if k := carrierOf(v.Type()); k == carrierDuration || k == carrierBool || k == carrierStruct {
		return v
	}
	return nil
}

// carrierComparedWithZero returns the carrier variable that cmp compares
// with its zero value (d == 0, out != nil, 0 < d) and the comparison
// with the variable on the left (0 < d is d > 0), or nil.
func (fl *flow) carrierComparedWithZero(cmp *ast.BinaryExpr) (*types.Var, token.Token) {
	if !fl.carriers {
		return nil, 0
	}
	info := fl.f.c.pass.TypesInfo
	zero := func(e ast.Expr) bool { return astx.IsNil(info, e) || fl.f.c.isZero(e) }
	op := cmp.Op
	x, y := cmp.X, cmp.Y
	if fl.carrierVar(x) == nil {
		x, y, op = y, x, mirrored(op)
	}
	v := fl.carrierVar(x)
	if v == nil || !zero(y) {
		return nil, 0
	}
	switch op {
	case token.LEQ:
		return v, token.EQL // d <= 0: no requeue, as d == 0
	case token.GTR, token.EQL, token.NEQ:
		return v, op
	}
	return nil, 0 // d < 0, d >= 0: say nothing
}

// zeroResultCompared returns the Result variable that cmp compares with
// the empty Result (res == ctrl.Result{}, ctrl.Result{} != res), or nil.
func (fl *flow) zeroResultCompared(cmp *ast.BinaryExpr) *types.Var {
	x, y := cmp.X, cmp.Y
	if lit, ok := ast.Unparen(x).(*ast.CompositeLit); ok && len(lit.Elts) == 0 {
		x, y = y, x
	}
	lit, ok := ast.Unparen(y).(*ast.CompositeLit)
	if !ok || len(lit.Elts) != 0 {
		return nil
	}
	v := fl.f.varOf(x)
	if v == nil || !k8s.IsReconcileResult(v.Type()) {
		return nil
	}
	return v
}

// refineZero narrows s where the Result variable v is known to be empty:
// whatever it held, it requests no requeue.
func (fl *flow) refineZero(s state, v *types.Var) state {
	return fl.remap(s, v, [numR]int{}) // every value to rZero
}

// drop, in a remapping, removes a Result value.
const drop = -1

func (fl *flow) refineNil(s state, cmp *ast.BinaryExpr, truth bool) state {
	info := fl.f.c.pass.TypesInfo
	x := cmp.X
	if tv, ok := info.Types[x]; ok && tv.IsNil() {
		x = cmp.Y
	} else if tv, ok := info.Types[cmp.Y]; !ok || !tv.IsNil() {
		return s
	}
	v := fl.f.varOf(x)
	if v == nil {
		return s
	}
	isNil := (cmp.Op == token.EQL) == truth
	keep := eNonNil
	if isNil {
		keep = eNil
	}
	for i := range s {
		if fl.units[s[i].u].e != v {
			continue
		}
		var m mask
		for r := range numR {
			m |= s[i].m & bit(r, keep)
		}
		s[i].m = m
	}
	return s
}

// decide gives the returns of rs their verdicts in state s.
func (fl *flow) decide(s state, rs *ast.ReturnStmt) {
	for _, r := range fl.rets[rs] {
		m, live := s.get(r.unit)
		if !live {
			continue
		}
		if r.res.kind == resFrom {
			m = requeueWhereNonZero(m, r.res.r)
		}
		if r.res.kind == resVar && fl.zeroByPair(s, r.unit) {
			m &= product(1<<rZero, esMaybe)
		}
		rset, eset := m.rs(), m.es()
		if r.res.kind != resVar && r.res.kind != resFrom {
			rset = 1 << r.res.r // a literal or a call
			m = product(rset, eset)
		}
		if r.err.kind != errVar {
			eset = r.err.set() // the error of a bare return may be a named result the flow does not follow
			m = product(rset, eset)
		} else if r.err.orNil {
			// client.IgnoreNotFound(err): nil where err is nil; a non-nil
			// err may become nil.
			for res := range numR {
				if m&bit(res, eNonNil) != 0 {
					m |= bit(res, eNil)
				}
			}
		}
		r.verdict = max(r.verdict, fl.verdict(m))
	}
}

// zeroByPair reports whether, in s, another live pair of the Result
// variable of unit u with an error says that the Result is zero: the
// pair of its call, refined by a test of that call's error (res, err :=
// r.attach(ctx), zero wherever err is non-nil; if err != nil { return
// res, fmt.Errorf("...: %w", err) }). Each pair's values are a sound
// projection of the same variables, and zero means the same in all.
func (fl *flow) zeroByPair(s state, u int) bool {
	r := fl.units[u].r
	if r == nil {
		return false
	}
	for _, u2 := range fl.byVar[r] {
		if u2 == u || fl.units[u2].e == nil {
			continue
		}
		if m2, live := s.get(u2); live && m2 != 0 && m2.rs() == 1<<rZero {
			return true
		}
	}
	return false
}

// requeueWhereNonZero maps the values of a carrier variable to those of
// a Result built from it: zero stays zero, any other value is r.
func requeueWhereNonZero(m mask, r int) mask {
	var out mask
	for v := range numR {
		for e := eNil; e <= eNonNil; e++ {
			if m&bit(v, e) == 0 {
				continue
			}
			if v == rZero {
				out |= bit(rZero, e)
			} else {
				out |= bit(r, e)
			}
		}
	}
	return out
}

// verdict judges the pairs m that reach a return. For a summary, any
// value but zero counts (a tied one too: the callee that decided it is
// not known to be zero-on-error).
func (fl *flow) verdict(m mask) int {
	reportable := []int{rAfter, rAfterOnly, rOpaque}
	switch {
	case fl.f.summary:
		reportable = append(reportable, rRequeue, rTied, rTiedAfter)
	case fl.f.c.cfg.Requeue:
		reportable = append(reportable, rRequeue)
	}
	failing, succeeding := false, false
	for _, r := range reportable {
		failing = failing || m&bit(r, eNonNil) != 0
		succeeding = succeeding || m&bit(r, eNil) != 0
	}
	switch {
	case !failing:
		return verdictQuiet
	case succeeding:
		return verdictMaybe
	}
	return verdictSure
}

// mayReturn reports whether call may return: not panic, os.Exit,
// log.Fatal and the like.
func (f *fn) mayReturn(call *ast.CallExpr) bool {
	info := f.c.pass.TypesInfo
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
			return false
		}
	}
	fn := k8s.Callee(info, call)
	if fn == nil || k8s.RecvNamed(fn) != nil {
		return true
	}
	switch k8s.PkgPath(fn.Pkg()) {
	case "os":
		return fn.Name() != "Exit"
	case "log", "k8s.io/klog", "k8s.io/klog/v2":
		switch fn.Name() {
		case "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln", "Exit", "Exitf", "Exitln":
			return false
		}
	}
	return true
}
