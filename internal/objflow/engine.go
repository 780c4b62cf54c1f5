package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"
)

// state is what is known at a program point: the objects each tracked
// variable may hold, and the facts of each object.
type state struct {
	env   *pnode[Set]
	facts *pnode[*Facts]
	// conds are the clauses known on the path (clauses.go), sorted ids.
	conds []int32
}

func (s state) join(t state) state {
	return state{
		env:   pmerge(s.env, t.env, union, sameSet),
		facts: pmerge(s.facts, t.facts, joinFacts, func(x, y *Facts) bool { return x == y }),
		conds: intersectSorted(s.conds, t.conds),
	}
}

// joinFacts joins the facts of s and t only: the states recorded at
// call, write and change sites are read for their facts, never for their
// variables, and a site met at every exit (a deferred call) is joined
// once per exit.
func (s state) joinFacts(t state) state {
	return state{facts: pmerge(s.facts, t.facts, joinFacts, func(x, y *Facts) bool { return x == y })}
}

// restrictTo returns the facts of s about ids, about the objects their
// facts name (patch bases, patches, copy sources) and about the copies
// among copies whose sources include one of ids (a change meant for a
// patch may be made on a copy of its base), without variables. A site
// met at every exit (a deferred call, a write or change it makes) keeps
// only these, so that joining its state once per exit costs what the
// site's objects cost, not what the whole function holds: the objects
// made after an exit differ from the joined state at every later exit,
// and a function with a deferred call and a return per block was
// quadratic. Copies are few, and each costs one lookup.
func (s state) restrictTo(ids, copies Set) state {
	var out *pnode[*Facts]
	add := func(id int32) {
		if f, ok := pget(s.facts, id); ok {
			out = pinsert(out, id, f, func(old, _ *Facts) *Facts { return old })
		}
	}
	for _, id := range ids {
		add(id)
		if f, ok := pget(s.facts, id); ok && f != nil {
			for _, set := range []Set{f.Base, f.Patches, f.Sources} {
				for _, other := range set {
					add(other)
				}
			}
		}
	}
	for _, id := range copies {
		if f, ok := pget(s.facts, id); ok && f != nil && f.Sources.Intersects(ids) {
			add(id)
		}
	}
	return state{facts: out}
}

func (s state) equal(t state) bool {
	return pequal(s.env, t.env, sameSet) && pequal(s.facts, t.facts, factsEqual) && slices.Equal(s.conds, t.conds)
}

// analysis is the analysis of one function.
type analysis struct {
	pkg  *Package
	node ast.Node // *ast.FuncDecl or *ast.FuncLit
	body *ast.BlockStmt
	sig  *types.Signature
	vals *values
	// locs numbers the tracked local variables.
	locs map[*types.Var]int32
	cur  state
	// recording is set when call sites are recorded (always, for now).
	recording bool
	// atExit counts the exits being run (deferred calls): a call met
	// again there joins its record instead of replacing it.
	atExit int
	out    *Func
	// lits are the function literals directly in the body: their
	// variables are not the function's.
	lits []*ast.FuncLit
	// summarizing is set while p.mu is held to compute summaries.
	summarizing bool
	// holders caches which local variables are holders, and slots are
	// the variables that follow their fields (holders.go).
	holders map[*types.Var]bool
	slots   map[slotKey]*types.Var
	// aliases caches the field aliases' definitions (aliases.go).
	aliases map[*types.Var]ast.Expr
	// restorers are the local variables whose status the body copies
	// back as a whole value (obj.Status = saved.Status), computed on
	// first use (statuscopy.go).
	restorers map[*types.Var]bool
	// typeSwitches maps the clauses of type switches to their switch.
	typeSwitches map[*ast.CaseClause]*ast.TypeSwitchStmt
	// rangeEntry is the state on entry to each range loop, before any
	// iteration: each iteration visits another element, so what earlier
	// iterations did to the elements does not apply to this one.
	rangeEntry map[*ast.RangeStmt]state
	// rangeCalls are the objects of the calls ranged over (range
	// store.List()), met when the call is evaluated before the loop.
	rangeCalls map[*ast.CallExpr]Set
	// inlining counts the function literals being run inline (deferred
	// closures): their returns are not the function's.
	inlining int
	// foreign are the bound literals being run inline (bound.go): their
	// variables are this analysis's while they run; boundResults
	// collects the results of the innermost one's returns.
	foreign      []*ast.FuncLit
	boundResults *boundReturn
	// ranAt is the outermost call running a literal inline (runBound),
	// while it runs: the position of its changes in this function's
	// order (Change.Ran).
	ranAt token.Pos
	// litVars are the local variables that hold a literal run only where
	// they are called, and inlined those literals (inline.go).
	litVars map[*types.Var]*ast.FuncLit
	inlined map[*ast.FuncLit]bool
	// predicates are boolean variables assigned once from a deletion
	// check, or from an expression of other boolean variables
	// (findPredicates).
	predicates map[*types.Var]ast.Expr
	// emptyVersion is set while a resourceVersion read from an object that
	// has none is assigned: it fills nothing.
	emptyVersion bool
	// serverMeta is set while the whole metadata of an object read from
	// the API server and unchanged since is assigned (copiesServerMeta).
	serverMeta bool
	// outcomes are the reads and writes whose error some variable holds,
	// by call: the objects each concerns and their facts before the call
	// (on the path where the call failed, nothing happened to them). An
	// error variable holds, in the state, the token of the outcome it was
	// bound to on each path (outcomeToken); a variable bound to two
	// outcomes on joined paths, or assigned anything else, names none.
	outcomes map[*ast.CallExpr]*outcome
	tokens   map[*ast.CallExpr]int32
	byToken  []*ast.CallExpr
	// last is the outcome of the last read or write evaluated.
	last *outcome
	// quietCalls are the outcomes of the calls of functions with results
	// that are quiet if false, by call (the latest visit's): a return of
	// such a call's result says what the call did (outcome.go).
	quietCalls map[*ast.CallExpr]*outcome
	// local caches type questions for this analysis.
	kinds localKinds
	// clauses are the conditions remembered on paths, by id, and
	// clauseByKey interns them (clauses.go).
	clauses     []*clause
	clauseByKey map[string]*clause
}

// outcome is what a read or write that may fail did to its objects.
type outcome struct {
	call   *ast.CallExpr
	before map[int32]*Facts
	// quietIf are the bool results of a function of the module whose
	// being false says the call did nothing (outcome.go); nil for a read
	// or write, whose error says so.
	quietIf []int
	// quietNil are the error results of such a function whose being nil
	// says the call did nothing (quietnil.go).
	quietNil []int
	// keep are the field-path heads such a function may change even where
	// those results are false: undoing the call keeps their changes.
	keep []string
	// after are the objects' facts right after the call, when an outcome
	// variable was bound to it (bindOutcome): undoing the call where the
	// facts have moved on since removes what the call added and keeps
	// what came after. Nil for a read or write, whose failure is tested
	// where nothing else happened to its objects in between.
	after map[int32]*Facts
}

// analyze runs the analysis of one function to its fixpoint and records
// what the checks ask about.
func (p *Package) analyze(node ast.Node) *Func { return p.analyzeWith(node, false) }

func (p *Package) analyzeWith(node ast.Node, summarizing bool) *Func {
	a := &analysis{pkg: p, node: node, vals: newValues(), locs: map[*types.Var]int32{}, summarizing: summarizing}
	switch n := node.(type) {
	case *ast.FuncDecl:
		a.body = n.Body
		if fn, ok := p.info.Defs[n.Name].(*types.Func); ok {
			a.sig, _ = fn.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		a.body = n.Body
		a.sig, _ = p.info.TypeOf(n).(*types.Signature)
	}
	a.out = &Func{Node: node, vals: a.vals, calls: map[*ast.CallExpr]*CallSite{}}
	if a.body == nil || a.sig == nil {
		return a.out
	}
	a.scanBody()
	a.findPredicates()
	a.out.predicates = a.predicates
	g := cfg.New(a.body, p.mayReturn)
	a.recording = true
	if exit, ok := a.run(g, a.entryState(), true); ok {
		a.out.exit, a.out.exited = exit, true
	}
	a.out.finish()
	return a.out
}

// run runs the analysis of a control-flow graph from the state entry to
// its fixpoint and returns the state at its exits (joined), after the
// deferred calls when deferred is set. ok is false when no exit is
// reached. Call sites are recorded as blocks run: a block runs for the
// last time with its final entry state, and its records replace those of
// earlier runs, so one pass records what the fixpoint knows.
func (a *analysis) run(g *cfg.CFG, entry state, deferred bool) (exit state, ok bool) {
	in := make([]state, len(g.Blocks))
	seen := make([]bool, len(g.Blocks))
	ends := map[int32]state{} // the final state of each exit block
	in[0], seen[0] = entry, true
	// A worklist in block order (cfg numbers blocks roughly in source
	// order): a block is run again only when its entry state grew; facts
	// only grow, so it terminates, after one pass for code without loops.
	queued := make([]bool, len(g.Blocks))
	work := &blockQueue{}
	work.push(0)
	queued[0] = true
	for work.len() > 0 {
		i := work.pop()
		queued[i] = false
		b := g.Blocks[i]
		if !b.Live {
			continue
		}
		outs := a.flowBlock(b, in[b.Index])
		if len(b.Succs) == 0 && a.endsInReturnOrFallsOff(b) {
			ends[b.Index] = a.cur
		}
		for k, succ := range outs {
			s := b.Succs[k]
			if rs, ok := s.Stmt.(*ast.RangeStmt); ok && s.Kind == cfg.KindRangeLoop && b.Index < s.Index {
				a.enterRange(rs, succ)
			}
			switch {
			case !seen[s.Index]:
				in[s.Index], seen[s.Index] = succ, true
			default:
				j := in[s.Index].join(succ)
				if j.equal(in[s.Index]) {
					continue
				}
				in[s.Index] = j
			}
			if !queued[s.Index] {
				queued[s.Index] = true
				work.push(s.Index)
			}
		}
	}
	var exits []state
	var rets []*ast.ReturnStmt // the return statement of each exit (nil: none)
	var exitBlocks []*cfg.Block
	var reach [][]bool
	if deferred && len(a.out.deferred) > 0 {
		reach = deferReach(g, a.out.deferred)
	}
	for _, b := range g.Blocks {
		end, found := ends[b.Index]
		if !found {
			continue
		}
		if deferred {
			a.atExit++
			end = a.runDeferred(end, func(i int) bool { return reach[i][b.Index] })
			a.atExit--
		}
		exits = append(exits, end)
		rets = append(rets, returnOf(b))
		exitBlocks = append(exitBlocks, b)
	}
	if len(exits) == 0 {
		return state{}, false
	}
	if deferred && a.summarizing {
		a.out.quietIfFalse, a.out.quietKeep = a.quietIfFalse(entry, exits, rets) // for the summary only
		a.out.quietIfNil = a.quietIfNil(g, entry, exits, rets, exitBlocks)
	}
	return joinAll(exits), true
}

// joinAll joins states pairwise, neighbours first: the exits of a long
// function differ from one another by what was made between them, so a
// balanced join costs about that difference per level, where joining
// them one by one into an accumulated state cost the whole difference
// from the first exit at every later one (quadratic).
func joinAll(states []state) state {
	for len(states) > 1 {
		next := states[:0:0]
		for i := 0; i < len(states); i += 2 {
			if i+1 < len(states) {
				next = append(next, states[i].join(states[i+1]))
			} else {
				next = append(next, states[i])
			}
		}
		states = next
	}
	return states[0]
}

// flowBlock applies b's nodes to s and returns the state on each of b's
// successor edges.
func (a *analysis) flowBlock(b *cfg.Block, s state) []state {
	a.cur = s
	switch b.Kind {
	case cfg.KindRangeBody:
		if rs, ok := b.Stmt.(*ast.RangeStmt); ok {
			if len(a.cur.conds) > 0 {
				a.dropReading(map[*types.Var]bool{a.rootVar(rs.Key): true, a.rootVar(rs.Value): true})
			}
			a.rangeAssign(rs)
		}
	case cfg.KindSwitchCaseBody:
		if cc, ok := b.Stmt.(*ast.CaseClause); ok && a.typeSwitches[cc] != nil {
			a.typeCase(a.typeSwitches[cc], cc)
		}
	case cfg.KindSwitchNextCase:
		if cc, ok := b.Stmt.(*ast.CaseClause); ok && a.typeSwitches[cc] != nil {
			a.typeCaseMissed(a.typeSwitches[cc], cc)
		}
	}
	for i, n := range b.Nodes {
		if i == len(b.Nodes)-1 && len(b.Succs) == 2 {
			if cond, ok := n.(ast.Expr); ok {
				then, els := a.branch(cond)
				return []state{then, els}
			}
		}
		a.step(n)
	}
	outs := make([]state, len(b.Succs))
	for i := range outs {
		outs[i] = a.cur
	}
	return outs
}

// branch evaluates a branch condition from the current state and returns
// the states where it is true and where it is false. A compound condition
// is followed operand by operand: where X && Y is false, either X is
// false, or X is true and Y false (if obj.DeletionTimestamp.IsZero() &&
// controllerutil.AddFinalizer(obj, f) { ... } else { here the finalizer
// was added only if it was absent, and the object may be being deleted }).
func (a *analysis) branch(cond ast.Expr) (then, els state) {
	a.forget(cond)
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			t, f := a.branch(c.X)
			return f, t
		}
	case *ast.BinaryExpr:
		if c.Op == token.LAND || c.Op == token.LOR {
			xt, xf := a.branch(c.X)
			if c.Op == token.LAND {
				a.cur = xt
				yt, yf := a.branch(c.Y)
				a.cur = xf.join(yf)
				a.rememberClause(c, false)
				return yt, a.cur
			}
			a.cur = xf
			yt, yf := a.branch(c.Y)
			a.cur = xt.join(yt)
			a.rememberClause(c, true)
			return a.cur, yf
		}
	}
	a.eval(cond)
	start := a.cur
	a.assume(cond, true)
	then = a.cur
	a.cur = start
	a.assume(cond, false)
	return then, a.cur
}

// blockQueue is a priority queue of block indexes, smallest first.
type blockQueue struct{ h []int32 }

func (q *blockQueue) len() int { return len(q.h) }

func (q *blockQueue) push(i int32) {
	q.h = append(q.h, i)
	for c := len(q.h) - 1; c > 0; {
		p := (c - 1) / 2
		if q.h[p] <= q.h[c] {
			break
		}
		q.h[p], q.h[c] = q.h[c], q.h[p]
		c = p
	}
}

func (q *blockQueue) pop() int32 {
	top := q.h[0]
	last := len(q.h) - 1
	q.h[0] = q.h[last]
	q.h = q.h[:last]
	for p := 0; ; {
		l, r, m := 2*p+1, 2*p+2, p
		if l < len(q.h) && q.h[l] < q.h[m] {
			m = l
		}
		if r < len(q.h) && q.h[r] < q.h[m] {
			m = r
		}
		if m == p {
			break
		}
		q.h[p], q.h[m] = q.h[m], q.h[p]
		p = m
	}
	return top
}

// enterRange records the state on an edge into a range loop from before
// it.
func (a *analysis) enterRange(rs *ast.RangeStmt, s state) {
	if a.rangeEntry == nil {
		a.rangeEntry = map[*ast.RangeStmt]state{}
	}
	if old, ok := a.rangeEntry[rs]; ok {
		s = old.join(s)
	}
	a.rangeEntry[rs] = s
}

// endsInReturnOrFallsOff tells a block without successors is an exit of
// the function (a return, or the end of the body), not a panic.
func (a *analysis) endsInReturnOrFallsOff(b *cfg.Block) bool {
	if len(b.Nodes) == 0 {
		return true
	}
	last := b.Nodes[len(b.Nodes)-1]
	if es, ok := last.(*ast.ExprStmt); ok {
		if call, ok := es.X.(*ast.CallExpr); ok && !a.pkg.mayReturn(call) {
			return false
		}
	}
	return true
}

// runDeferred applies the function's deferred calls (found anywhere in
// the body) that registered(i) says may have been registered on the way
// to the exit, to the exit's state. A deferred function literal runs
// inline: it shares the function's variables.
func (a *analysis) runDeferred(s state, registered func(i int) bool) state {
	if len(a.out.deferred) == 0 {
		return s
	}
	a.cur = s
	for i := len(a.out.deferred) - 1; i >= 0; i-- {
		if !registered(i) {
			continue
		}
		call := a.out.deferred[i]
		if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok && len(call.Args) == 0 {
			a.inline(lit)
			continue
		}
		a.atExit++ // the deferred call runs at every exit: join its records
		a.call(call)
		a.atExit--
	}
	return a.cur
}

// deferReach returns, for each deferred call, the blocks of g that a path
// through its defer statement reaches: the exits where it runs. A return
// before the defer statement (if obj.DeletionTimestamp != nil { return
// }; defer r.updateStatus(obj)) does not run it. A defer statement in no
// live block runs nowhere.
func deferReach(g *cfg.CFG, deferred []*ast.CallExpr) [][]bool {
	at := map[*ast.CallExpr]int32{}
	for _, b := range g.Blocks {
		for _, n := range b.Nodes {
			if d, ok := n.(*ast.DeferStmt); ok && b.Live {
				at[d.Call] = b.Index
			}
		}
	}
	reach := make([][]bool, len(deferred))
	for i, call := range deferred {
		reach[i] = make([]bool, len(g.Blocks))
		start, ok := at[call]
		if !ok {
			continue
		}
		work := []int32{start}
		reach[i][start] = true
		for len(work) > 0 {
			b := g.Blocks[work[len(work)-1]]
			work = work[:len(work)-1]
			for _, s := range b.Succs {
				if !reach[i][s.Index] {
					reach[i][s.Index] = true
					work = append(work, s.Index)
				}
			}
		}
	}
	return reach
}

// inline runs the body of a function literal called here, on the current
// state: the calls in it are recorded as calls of this function, with
// the objects of this function's variables.
func (a *analysis) inline(lit *ast.FuncLit) {
	if a.inlining > 2 {
		return
	}
	a.inlining++
	defer func() { a.inlining-- }()
	g := cfg.New(lit.Body, a.pkg.mayReturn)
	if exit, ok := a.run(g, a.cur, false); ok {
		a.cur = exit
	}
}

// entryState binds the parameters and the receiver to Param objects.
func (a *analysis) entryState() state {
	a.cur = state{}
	handler := a.pkg.handlers[a.node]
	bind := func(v *types.Var, idx int) {
		if v == nil || !a.trackable(v.Type()) && !isItem(v.Type()) {
			return
		}
		bits := Foreign | MaybeDeleting
		if handler && idx >= 0 {
			bits |= Cached // an informer's event handler: the cache's own object
		}
		val := a.newValue(Param, paramNode(v), v, idx, v.Type(), bits)
		a.setVar(v, Set{val.ID})
	}
	if a.sig.Recv() != nil {
		bind(a.sig.Recv(), -1)
	}
	for i := 0; i < a.sig.Params().Len(); i++ {
		bind(a.sig.Params().At(i), i)
	}
	return a.cur
}

// paramNode is a node for a parameter's value: its declaration has no
// node of its own in the body.
type paramPos struct{ pos token.Pos }

func (p paramPos) Pos() token.Pos { return p.pos }
func (p paramPos) End() token.Pos { return p.pos }

func paramNode(v *types.Var) ast.Node { return paramPos{v.Pos()} }

// newValue interns a value and sets its initial facts: each time for
// objects made anew whenever their node runs (literals, call results, in
// a loop a new object each iteration), the first time the state sees it
// for the others (parameters, outer variables).
func (a *analysis) newValue(kind Kind, node ast.Node, v *types.Var, idx int, t types.Type, bits Bits) *Value {
	val := a.vals.intern(kind, node, v, idx, t)
	old, seen := pget(a.cur.facts, val.ID)
	switch {
	case !seen:
		a.cur.facts = pset(a.cur.facts, val.ID, &Facts{Bits: initialBits(bits)})
	case kind != Param && kind != Outer && (old.Bits != initialBits(bits) || old.Changes != nil || old.Sends != nil || old.Patches != nil):
		a.cur.facts = pset(a.cur.facts, val.ID, &Facts{Bits: initialBits(bits)})
	}
	return val
}

func (a *analysis) facts(id int32) *Facts {
	f, _ := pget(a.cur.facts, id)
	return f
}

func (a *analysis) setFacts(id int32, f *Facts) {
	if id < 0 {
		// An outcome token of an error variable (outcomeToken), not an
		// object: it has no facts, and the trie's keys are non-negative
		// (a negative key broke its shape, so that states never compared
		// equal and a loop around a closure that captures the error
		// variable never converged).
		return
	}
	if old, ok := pget(a.cur.facts, id); ok && old == f {
		return
	}
	a.cur.facts = pset(a.cur.facts, id, f)
}

// addBits adds bits to every object of set.
func (a *analysis) addBits(set Set, bits Bits) {
	for _, id := range set {
		a.setFacts(id, a.facts(id).with(func(f *Facts) { f.gain(bits) }))
	}
}

// loc returns the location number of a tracked variable.
func (a *analysis) loc(v *types.Var) int32 {
	if id, ok := a.locs[v]; ok {
		return id
	}
	id := int32(len(a.locs))
	a.locs[v] = id
	return id
}

func (a *analysis) setVar(v *types.Var, s Set) {
	id := a.loc(v)
	if old, ok := pget(a.cur.env, id); ok && sameSet(old, s) {
		return
	}
	a.cur.env = pset(a.cur.env, id, s)
}

func (a *analysis) getVar(v *types.Var) (Set, bool) {
	id, ok := a.locs[v]
	if !ok {
		return nil, false
	}
	return pget(a.cur.env, id)
}

// local reports whether v is declared in the analysed function (its
// parameters included), not in an enclosing function or the package.
func (a *analysis) local(v *types.Var) bool {
	if v == nil || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	if a.sig != nil {
		if a.sig.Recv() == v {
			return true
		}
		for i := 0; i < a.sig.Params().Len(); i++ {
			if a.sig.Params().At(i) == v {
				return true
			}
		}
		for i := 0; i < a.sig.Results().Len(); i++ {
			if a.sig.Results().At(i) == v {
				return true
			}
		}
	}
	if len(a.foreign) > 0 && a.inForeign(v) {
		return true
	}
	if v.Pos() < a.body.Pos() || v.Pos() >= a.body.End() {
		return false
	}
	for _, lit := range a.lits {
		if v.Pos() >= lit.Pos() && v.Pos() < lit.End() {
			// The literal's own variable: followed only while the
			// literal runs inline.
			return a.inlining > 0
		}
	}
	return true
}

// scanBody finds the function literals and the deferred calls of the
// body (not those of nested literals).
func (a *analysis) scanBody() {
	var litDefs map[*types.Var]*ast.FuncLit
	defer func() { a.scanLocalLits(litDefs) }()
	ast.Inspect(a.body, func(n ast.Node) bool {
		if v, lit := a.litDef(n); lit != nil {
			if litDefs == nil {
				litDefs = map[*types.Var]*ast.FuncLit{}
			}
			litDefs[v] = lit
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			a.lits = append(a.lits, n)
			return false
		case *ast.DeferStmt:
			a.out.deferred = append(a.out.deferred, n.Call)
		case *ast.RangeStmt:
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok {
				if a.rangeCalls == nil {
					a.rangeCalls = map[*ast.CallExpr]Set{}
				}
				a.rangeCalls[call] = nil
			}
		case *ast.TypeSwitchStmt:
			for _, c := range n.Body.List {
				if a.typeSwitches == nil {
					a.typeSwitches = map[*ast.CaseClause]*ast.TypeSwitchStmt{}
				}
				a.typeSwitches[c.(*ast.CaseClause)] = n
			}
		}
		return true
	})
}
