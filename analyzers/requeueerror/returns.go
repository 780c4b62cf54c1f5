package requeueerror

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"

	"golang.org/x/tools/go/types/typeutil"
)

// What a reconcile.Result may hold, as far as requeueing goes.
const (
	rZero      = iota // no requeue requested
	rRequeue          // Requeue may be true, RequeueAfter is 0
	rAfter            // RequeueAfter may be set, Requeue unknown
	rOpaque           // unknown, may request a requeue: from a call, a field, another variable
	rTied             // unknown, from the same call (or caller) as the error it is returned with
	rAfterOnly        // RequeueAfter may be set, Requeue is false
	rTiedAfter        // rTied from a callee that never sets Requeue: rAfterOnly once untied
	numR
)

// What an error may be.
const (
	eNil = iota
	eNonNil
)

// A mask is a set of (result, error) pairs: bit r*2+e.
type mask uint16

func bit(r, e int) mask { return 1 << (r*2 + e) }

// product returns the pairs of every r in rs with every e in es (rs and
// es are sets of r values and e values, as bit sets).
func product(rs, es uint8) mask {
	var m mask
	for r := range numR {
		for e := eNil; e <= eNonNil; e++ {
			if rs&(1<<r) != 0 && es&(1<<e) != 0 {
				m |= bit(r, e)
			}
		}
	}
	return m
}

// rs and es project m on its result and error values.
func (m mask) rs() uint8 {
	var s uint8
	for r := range numR {
		if m&(bit(r, eNil)|bit(r, eNonNil)) != 0 {
			s |= 1 << r
		}
	}
	return s
}

func (m mask) es() uint8 {
	var s uint8
	for e := eNil; e <= eNonNil; e++ {
		for r := range numR {
			if m&bit(r, e) != 0 {
				s |= 1 << e
			}
		}
	}
	return s
}

// untie turns results tied to an error into unknown ones: the error they
// came with was replaced.
func untie(rs uint8) uint8 {
	if rs&(1<<rTied) != 0 {
		rs = rs&^(1<<rTied) | 1<<rOpaque
	}
	if rs&(1<<rTiedAfter) != 0 {
		rs = rs&^(1<<rTiedAfter) | 1<<rAfterOnly
	}
	return rs
}

// Error values as sets.
const (
	esNil    uint8 = 1 << eNil
	esNonNil uint8 = 1 << eNonNil
	esMaybe        = esNil | esNonNil
)

// Kinds of the Result expression of a return.
const (
	resZero   = iota // reconcile.Result{} and other literals without a requeue
	resLit           // a literal that requests a requeue
	resVar           // a local variable the check follows
	resCall          // a call whose Result may request a requeue
	resOpaque        // anything else: a variable the check cannot follow, a location not known
	// resFrom: a Result that requests a requeue unless the local
	// carrier variable v is zero: a literal built from it
	// (ctrl.Result{RequeueAfter: d}), or a Result field or accessor of
	// a struct variable (s.result, s.Result()).
	resFrom
	resField  // a Result field of a struct of the package that may hold a requeue
	resGlobal // a package variable that may hold a requeue (several values)
	resValue  // a carrier that may be non-zero, for a summary
)

// resVal is a classified Result expression.
type resVal struct {
	kind int
	lit  *ast.CompositeLit
	// r is rRequeue or rAfter for a literal, rOpaque for a call.
	r int
	// requeueOnly: the literal's only element is Requeue: true.
	requeueOnly  bool
	requeueAfter ast.Expr
	v            *types.Var
	// global is the package variable that holds the literal (var
	// defaultRequeue = ctrl.Result{...}), whose declaration is not the
	// return; addr: the return takes its address.
	global *types.Var
	addr   bool
	// field and x: the Result field read (resField) and the struct it
	// is read from; pairPos: where the package sets it together with an
	// error (a literal), or sets the requeue, and pairErrPos then where
	// it sets the error.
	field      *types.Var
	x          ast.Expr
	pairPos    token.Pos
	pairErrPos token.Pos
}

// Kinds of the error expression of a return.
const (
	errNil = iota
	errNonNil
	errMaybe
	errVar
)

type errVal struct {
	kind int
	v    *types.Var
	// orNil: the error is v passed through a function that may turn it
	// into nil (client.IgnoreNotFound(err)): nil when v is, else either.
	orNil bool
}

// set is what an error that is not a followed variable may be.
func (e errVal) set() uint8 {
	switch e.kind {
	case errNil:
		return esNil
	case errNonNil:
		return esNonNil
	}
	return esMaybe
}

// Verdicts on a return.
const (
	verdictQuiet = iota
	verdictMaybe // the error may be non-nil
	verdictSure  // the error is non-nil
)

// ret is one return statement that may return a requeue with an error.
type ret struct {
	stmt *ast.ReturnStmt
	// liveEnd is where the values the return reads stop mattering: the
	// end of the outermost loop around it, or its own end.
	liveEnd token.Pos
	res     resVal
	err     errVal
	unit    int // the flow unit that decides it, or -1
	verdict int
}

// fn is one function whose results hold a reconcile.Result and an error.
type fn struct {
	c      *checker
	ftype  *ast.FuncType
	body   *ast.BlockStmt
	sig    *types.Signature
	shape  shape
	named  [2]*types.Var // the named Result and error results, or nil
	params map[*types.Var]bool
	// escaped variables have their address taken or are assigned in a
	// nested function: the check does not follow them.
	escaped map[*types.Var]bool
	// mayRequeue: some assignment may store a requeue in the variable;
	// mayFail: some assignment may store a non-nil error.
	mayRequeue, mayFail map[*types.Var]bool
	returns             []*ret
	// summary: the function is judged for a summary (zeroOnError), not
	// reported; unknown: a summary cannot be decided (a deferred
	// function may set a named result, a return passes on a call that is
	// not zero-on-error).
	summary, unknown bool
	// unplain holds the struct carrier variables that plainStruct
	// rejects (built on the first question).
	unplain map[*types.Var]bool
}

func newFunc(c *checker, ftype *ast.FuncType, body *ast.BlockStmt, sig *types.Signature, sh shape, summary bool) *fn {
	f := &fn{
		c: c, ftype: ftype, body: body, sig: sig, shape: sh, summary: summary,
		params:     map[*types.Var]bool{},
		escaped:    map[*types.Var]bool{},
		mayRequeue: map[*types.Var]bool{},
		mayFail:    map[*types.Var]bool{},
	}
	if res := sig.Results(); res.At(sh.res).Name() != "" {
		f.named = [2]*types.Var{res.At(sh.res), res.At(sh.err)}
	}
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		f.params[p] = true
		f.mayFail[p] = true
		f.mayRequeue[p] = true
	}
	if sig.Recv() != nil {
		f.params[sig.Recv()] = true
	}
	f.scan()
	if f.named[0] != nil && (f.escaped[f.named[0]] || summary && f.escaped[f.named[1]]) {
		// A deferred function may rewrite the Result (or, for a
		// summary, the error) on the way out.
		return &fn{c: c, unknown: true}
	}
	f.returns = f.candidates()
	return f
}

// local reports whether v is a variable of this function (not of an
// enclosing one, not a package variable, not a field).
func (f *fn) local(v *types.Var) bool {
	return v != nil && !v.IsField() && v.Pos() >= f.ftype.Pos() && v.Pos() < f.body.End()
}

func (f *fn) varOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := f.c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !f.local(v) {
		return nil
	}
	return v
}

// rootVar returns the variable at the root of x, x.f, x.f.g.
func (f *fn) rootVar(e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.Ident:
			return f.varOf(x)
		default:
			return nil
		}
	}
}

// scan walks the body once: escaping variables (address taken, assigned
// in a nested function), what assignments may store, and the returns.
func (f *fn) scan() {
	depth, deferDepth := 0, 0
	deferredLits := map[*ast.FuncLit]bool{}
	var stack []ast.Node
	ast.Inspect(f.body, func(n ast.Node) bool {
		if n == nil {
			if lit, ok := stack[len(stack)-1].(*ast.FuncLit); ok {
				depth--
				if deferredLits[lit] {
					deferDepth--
				}
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.DeferStmt:
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok && depth == 0 {
				deferredLits[lit] = true
			}
		case *ast.FuncLit:
			depth++
			if deferredLits[n] {
				deferDepth++
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				f.escape(f.rootVar(n.X))
			}
		case *ast.AssignStmt:
			if deferDepth > 0 {
				n = f.withoutNamedError(n)
			}
			if deferDepth > 0 && depth == deferDepth {
				n = f.onlyNamedResult(n)
			}
			f.scanAssign(n, depth > 0)
		case *ast.IncDecStmt:
			if depth > 0 {
				f.escape(f.rootVar(n.X))
			}
		case *ast.RangeStmt:
			if depth > 0 && n.Tok == token.ASSIGN {
				f.escape(f.rootVar(n.Key))
				f.escape(f.rootVar(n.Value))
			}
			f.assignUnknown(n.Key)
			f.assignUnknown(n.Value)
		case *ast.ValueSpec:
			f.scanValueSpec(n)
		}
		return true
	})
}

// withoutNamedError returns as without its assignments to the named error
// result, for an assignment in a deferred function: it sets the error
// after every return, which the returns are not judged by (a deferred
// patch that aggregates its error into reterr is the class of
// -requeueerror.deferred, reported at the assignment by deferred.go).
func (f *fn) withoutNamedError(as *ast.AssignStmt) *ast.AssignStmt {
	if f.named[1] == nil || len(as.Lhs) != len(as.Rhs) {
		return as
	}
	out := *as
	out.Lhs, out.Rhs = nil, nil
	for i, lhs := range as.Lhs {
		if f.rootVar(lhs) == f.named[1] {
			continue
		}
		out.Lhs = append(out.Lhs, lhs)
		out.Rhs = append(out.Rhs, as.Rhs[i])
	}
	return &out
}

// onlyNamedResult returns as with only its assignments to the named
// Result, for an assignment made directly in a deferred function: it runs
// after every return has taken its values, so what it stores in the
// function's other variables (err = patch(...) in a deferred patch)
// reaches no return; only a named result can be rewritten on the way out.
func (f *fn) onlyNamedResult(as *ast.AssignStmt) *ast.AssignStmt {
	out := *as
	out.Lhs = slices.Clone(as.Lhs)
	for i, lhs := range as.Lhs {
		if v := f.rootVar(lhs); v != nil && v != f.named[0] {
			out.Lhs[i] = ast.NewIdent("_") // stores nothing the check reads
		}
	}
	return &out
}

func (f *fn) escape(v *types.Var) {
	if v != nil {
		f.escaped[v] = true
	}
}

func (f *fn) scanAssign(as *ast.AssignStmt, nested bool) {
	for i, lhs := range as.Lhs {
		if nested {
			f.escape(f.rootVar(lhs))
		}
		if as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
			if v := f.rootVar(lhs); v != nil {
				f.mayRequeue[v] = true // res.RequeueAfter += d
			}
			continue
		}
		if len(as.Rhs) == len(as.Lhs) {
			f.recordStore(lhs, as.Rhs[i], nil, i)
		} else {
			f.recordStore(lhs, nil, as.Rhs[0], i)
		}
	}
}

func (f *fn) scanValueSpec(vs *ast.ValueSpec) {
	for i, name := range vs.Names {
		switch {
		case len(vs.Values) == len(vs.Names):
			f.recordStore(name, vs.Values[i], nil, i)
		case len(vs.Values) == 1:
			f.recordStore(name, nil, vs.Values[0], i)
		}
	}
}

// recordStore notes what storing rhs, or the idx-th result of the call
// tuple, into lhs may do.
func (f *fn) recordStore(lhs, rhs, tuple ast.Expr, idx int) {
	if v := f.varOf(lhs); v != nil {
		switch k := carrierOf(v.Type()); {
		case k == carrierResult:
			if f.storeSet(v, rhs, tuple, idx).rs&^(1<<rZero) != 0 {
				f.mayRequeue[v] = true
			}
		case k != notCarrier:
			if rhs == nil || f.carrierVal(rhs).kind != resZero {
				f.mayRequeue[v] = true
			}
		}
		if rhs == nil || f.errSet(rhs)&esNonNil != 0 {
			f.mayFail[v] = true
		}
		return
	}
	if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && requeueField(sel.Sel.Name) {
		if v := f.rootVar(sel.X); v != nil {
			f.mayRequeue[v] = true
		}
	}
}

func (f *fn) assignUnknown(e ast.Expr) {
	if v := f.varOf(e); v != nil {
		f.mayFail[v] = true
		f.mayRequeue[v] = true
	}
}

// requeueField reports whether name is a field of reconcile.Result that
// controller-runtime ignores when the error is non-nil (Priority is not).
func requeueField(name string) bool { return name == "Requeue" || name == "RequeueAfter" }

// candidates returns the returns of the body (outside nested functions)
// that may return a requeue with an error, with verdicts for those that
// need no flow.
func (f *fn) candidates() []*ret {
	var out []*ret
	var loops []ast.Node // the loops around the node being visited
	ast.Inspect(f.body, func(n ast.Node) bool {
		if n == nil {
			return true
		}
		for len(loops) > 0 && n.Pos() >= loops[len(loops)-1].End() {
			loops = loops[:len(loops)-1]
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, n)
		case *ast.ReturnStmt:
			if r := f.classifyReturn(n); r != nil {
				r.liveEnd = n.End()
				if len(loops) > 0 {
					r.liveEnd = loops[0].End()
				}
				out = append(out, r)
			}
		}
		return true
	})
	return out
}

func (f *fn) classifyReturn(rs *ast.ReturnStmt) *ret {
	r := &ret{stmt: rs, unit: -1}
	switch len(rs.Results) {
	case 0:
		if f.named[0] == nil {
			return nil
		}
		r.res = f.resOfVar(f.named[0])
		r.err = f.errOfVar(f.named[1])
	case f.shape.n:
		r.res = f.resultAt(rs.Results[f.shape.res])
		r.err = f.err(rs.Results[f.shape.err])
	default:
		// return helper(ctx): the helper is checked on its own; a
		// summary needs it to be zero-on-error too.
		if f.summary && !f.passedOnZero(rs) {
			f.unknown = true
		}
		return nil
	}
	if f.summary && r.res.kind == resOpaque {
		r.res = resVal{kind: resValue, r: rOpaque}
	}
	if r.res.kind == resZero || r.res.kind == resOpaque || r.err.kind == errNil {
		return nil
	}
	if !f.summary && r.res.r == rRequeue && (r.res.kind == resLit || r.res.kind == resFrom) && !f.c.cfg.Requeue {
		return nil
	}
	if (r.res.kind == resVar || r.res.kind == resFrom) && !f.mayRequeue[r.res.v] || r.err.kind == errVar && !f.mayFail[r.err.v] {
		return nil
	}
	if !f.summary && r.res.kind == resFrom && r.res.field != nil && !f.tiedPairMay(rs, r.res) {
		// res := <-results; return res.Result, res.Err: whatever filled
		// the variable, the pair was decided where the struct was filled.
		return nil
	}
	if !f.summary && r.res.kind == resField && len(rs.Results) > 0 {
		if errs := f.c.tiedErrFields(rs.Results[f.shape.err], r.res.x); errs != nil {
			// s.result, errors.Join(s.errs...): judged where the struct
			// is filled.
			pos, errPos, may := f.c.pairMay(r.res.field, errs)
			if !may {
				return nil
			}
			r.res.pairPos, r.res.pairErrPos = pos, errPos
			r.err = errVal{kind: errMaybe}
		}
	}
	if r.res.kind != resVar && r.res.kind != resFrom && r.err.kind != errVar {
		r.verdict = verdictMaybe
		if r.err.kind == errNonNil {
			r.verdict = verdictSure
		}
	}
	return r
}

// tiedPairMay reports, for a return of a Result field read from a local
// struct variable (r), whether its error, when it reads only error fields
// of the same variable, may be non-nil together with a requeue anywhere
// the package fills such a struct; true when the error reads anything
// else.
func (f *fn) tiedPairMay(rs *ast.ReturnStmt, r resVal) bool {
	if len(rs.Results) <= f.shape.err {
		return true
	}
	errs := f.c.tiedErrFields(rs.Results[f.shape.err], r.x)
	if errs == nil {
		return true
	}
	_, _, may := f.c.pairMay(r.field, errs)
	return may
}

// resultAt classifies the carrier a return holds at the shape's Result
// index: a Result, or for a summary any carrier.
func (f *fn) resultAt(e ast.Expr) resVal {
	if !f.summary || carrierOf(f.sig.Results().At(f.shape.res).Type()) == carrierResult {
		return f.res(e)
	}
	return f.carrierVal(e)
}

func (f *fn) resOfVar(v *types.Var) resVal {
	if f.escaped[v] {
		return resVal{kind: resOpaque}
	}
	return resVal{kind: resVar, v: v}
}

func (f *fn) errOfVar(v *types.Var) errVal {
	if f.escaped[v] {
		return errVal{kind: errMaybe}
	}
	return errVal{kind: errVar, v: v}
}

// res classifies a Result expression: a literal, &literal (a
// *reconcile.Result), a followed local variable, a package variable (by
// what the package stores into it), a Result field of a struct of the
// package (likewise, or by the struct variable it is read from), or a
// call.
func (f *fn) res(e ast.Expr) resVal {
	e = ast.Unparen(e)
	if astx.IsNil(f.c.pass.TypesInfo, e) {
		return resVal{kind: resZero}
	}
	if lit := f.c.resultLit(e); lit != nil {
		return f.literal(lit)
	}
	if v := f.varOf(e); v != nil && k8s.IsReconcileResult(v.Type()) {
		return f.resOfVar(v)
	}
	if g := f.c.global(e); g.v != nil {
		return f.globalRes(g)
	}
	if field, x := f.c.fieldRead(e); field != nil {
		return f.fieldRes(e, field, x)
	}
	if call, ok := e.(*ast.CallExpr); ok {
		if args, ok := f.c.passThrough(call); ok {
			return f.oneOf(args)
		}
		if !f.c.callMayRequeue(call) {
			return resVal{kind: resZero}
		}
		if v := f.structVar(call); v != nil {
			return resVal{kind: resFrom, v: v, r: rOpaque}
		}
		if !f.c.callMaySetFlag(call) {
			return resVal{kind: resCall, r: rAfterOnly}
		}
		return resVal{kind: resCall, r: rOpaque}
	}
	return resVal{kind: resOpaque}
}

// globalRes classifies a package-level Result variable: by the literal
// it keeps if nothing changes it, else by what the package stores into
// it.
func (f *fn) globalRes(g globalVal) resVal {
	switch {
	case g.state == locUnknown:
		return resVal{kind: resOpaque}
	case g.state == locZero:
		return resVal{kind: resZero}
	case g.lit != nil:
		r := f.literal(g.lit)
		r.global, r.addr = g.v, g.addr
		return r
	}
	return resVal{kind: resGlobal, r: rOpaque}
}

// fieldRes classifies the read e of a Result field: empty if the package
// never stores a requeue into it; else by the struct variable it is read
// from if the flow follows it, or as a field that may hold a requeue.
func (f *fn) fieldRes(e ast.Expr, field *types.Var, x ast.Expr) resVal {
	state := f.c.locState(field)
	if state == locZero {
		return resVal{kind: resZero}
	}
	if v := f.structVar(e); v != nil {
		return resVal{kind: resFrom, v: v, r: rOpaque, field: field, x: x}
	}
	if state == locUnknown {
		return resVal{kind: resOpaque}
	}
	return resVal{kind: resField, r: rOpaque, field: field, x: x}
}

// storeSet is what storing rhs, or the idx-th result of the call tuple,
// into the carrier variable v may put in it.
func (f *fn) storeSet(v *types.Var, rhs, tuple ast.Expr, idx int) store {
	if carrierOf(v.Type()) == notCarrier {
		return store{rs: 1 << rOpaque} // an error: its set is what matters
	}
	if rhs == nil {
		rs, joint := f.tupleSet(v, tuple, idx)
		return store{rs: rs, joint: joint}
	}
	r := f.res(rhs)
	if carrierOf(v.Type()) != carrierResult {
		r = f.carrierVal(rhs)
	}
	switch r.kind {
	case resZero:
		return store{rs: 1 << rZero}
	case resVar, resOpaque:
		return store{rs: 1 << rOpaque}
	}
	return store{rs: 1 << r.r}
}

// tupleSet is what storing the idx-th result of the call tuple into the
// carrier variable v may put in it, and whether that is zero wherever
// the error of the same call is non-nil (joint). A Result stays tied to
// the error of its call (outside summaries): the callee is checked where
// it builds the pair.
func (f *fn) tupleSet(v *types.Var, tuple ast.Expr, idx int) (uint8, bool) {
	call, ok := ast.Unparen(tuple).(*ast.CallExpr)
	if !ok {
		return 1 << rOpaque, false
	}
	isResult := carrierOf(v.Type()) == carrierResult
	if isResult && !f.c.tupleMayRequeue(call, idx) {
		return 1 << rZero, false
	}
	if isResult && !f.summary && idx >= 0 && f.c.zeroOnError(f.c.callee(call), idx) {
		// Zero wherever its error is non-nil: the pair stays correlated
		// when the error is then replaced (if err != nil { err =
		// fmt.Errorf("...: %w", err); return res, err }).
		if !f.c.tupleMaySetFlag(call, idx) {
			return 1<<rZero | 1<<rAfterOnly, true
		}
		return 1<<rZero | 1<<rOpaque, true
	}
	if isResult && !f.summary {
		if !f.c.tupleMaySetFlag(call, idx) {
			return 1 << rTiedAfter, false
		}
		return 1 << rTied, false
	}
	if idx >= 0 && f.c.zeroOnError(f.c.callee(call), idx) {
		return 1<<rZero | 1<<rOpaque, true
	}
	return 1 << rOpaque, false
}

// literal classifies a reconcile.Result literal.
func (f *fn) literal(lit *ast.CompositeLit) resVal {
	st, ok := f.c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return resVal{kind: resOpaque}
	}
	var requeue, after bool
	var requeueExpr, afterExpr ast.Expr
	for i, elt := range lit.Elts {
		field, val := litField(st, elt, i)
		if field == nil {
			continue
		}
		switch field.Name() {
		case "Requeue":
			if !f.isConst(val, constant.MakeBool(false)) && !f.c.unsetFieldValue(val) {
				requeue, requeueExpr = true, val
			}
		case "RequeueAfter":
			if !f.isConst(val, constant.MakeInt64(0)) && !f.c.unsetFieldValue(val) {
				after, afterExpr = true, val
			}
		}
	}
	if r, ok := f.literalFrom(lit, requeueExpr, afterExpr, requeue, after); ok {
		return r
	}
	switch {
	case after && requeue:
		return resVal{kind: resLit, lit: lit, r: rAfter, requeueAfter: afterExpr}
	case after:
		return resVal{kind: resLit, lit: lit, r: rAfterOnly, requeueAfter: afterExpr}
	case requeue:
		return resVal{kind: resLit, lit: lit, r: rRequeue, requeueOnly: true}
	}
	return resVal{kind: resZero}
}

// literalFrom classifies a literal that requests a requeue only where a
// local carrier variable is not zero: a single requeue field that is not
// a constant, whose value is zero where the variable is
// (ctrl.Result{RequeueAfter: d}, ctrl.Result{Requeue: requeue}).
func (f *fn) literalFrom(lit *ast.CompositeLit, requeueExpr, afterExpr ast.Expr, requeue, after bool) (resVal, bool) {
	switch {
	case after && !requeue:
		if f.isConstant(afterExpr) {
			return resVal{}, false
		}
		if v := f.fromVar(afterExpr); v != nil && carrierOf(v.Type()) == carrierDuration {
			return resVal{kind: resFrom, lit: lit, r: rAfterOnly, requeueAfter: afterExpr, v: v}, true
		}
	case requeue && !after:
		if id, ok := ast.Unparen(requeueExpr).(*ast.Ident); ok && !f.isConstant(id) {
			if v := f.fromVar(id); v != nil && carrierOf(v.Type()) == carrierBool {
				return resVal{kind: resFrom, lit: lit, r: rRequeue, requeueOnly: true, v: v}, true
			}
		}
	}
	return resVal{}, false
}

func (f *fn) isConstant(e ast.Expr) bool {
	tv, ok := f.c.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil
}

// isConst reports whether e is a constant equal to want.
func (f *fn) isConst(e ast.Expr, want constant.Value) bool {
	tv, ok := f.c.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == want.Kind() && constant.Compare(tv.Value, token.EQL, want)
}

// err classifies an error expression.
func (f *fn) err(e ast.Expr) errVal {
	if f.c.translated(e) {
		return errVal{kind: errNil}
	}
	if v := f.varOf(e); v != nil && types.Identical(v.Type(), f.c.errorTyp) {
		return f.errOfVar(v)
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 && ignoresErrors(k8s.Callee(f.c.pass.TypesInfo, call)) {
		if v := f.varOf(call.Args[0]); v != nil && types.Identical(v.Type(), f.c.errorTyp) {
			ev := f.errOfVar(v)
			ev.orNil = ev.kind == errVar
			return ev
		}
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) > 0 && wrapsError(k8s.Callee(f.c.pass.TypesInfo, call)) {
		if v := f.varOf(call.Args[0]); v != nil && types.Identical(v.Type(), f.c.errorTyp) {
			return f.errOfVar(v) // nil exactly where v is
		}
	}
	switch f.errSet(e) {
	case esNil:
		return errVal{kind: errNil}
	case esNonNil:
		return errVal{kind: errNonNil}
	}
	return errVal{kind: errMaybe}
}

// errSet is what an error expression may be, without following
// variables.
func (f *fn) errSet(e ast.Expr) uint8 {
	e = ast.Unparen(e)
	info := f.c.pass.TypesInfo
	if tv, ok := info.Types[e]; ok && tv.IsNil() {
		return esNil
	}
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return esNonNil
		}
	case *ast.CompositeLit:
		return esNonNil
	case *ast.CallExpr:
		if newsError(k8s.Callee(info, e)) {
			return esNonNil
		}
	}
	return esMaybe
}

// newsError reports whether fn always returns a non-nil error.
func newsError(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	switch k8s.PkgPath(fn.Pkg()) + "." + fn.Name() {
	case "errors.New", "fmt.Errorf", k8s.Reconcile + ".TerminalError",
		"github.com/pkg/errors.New", "github.com/pkg/errors.Errorf":
		return k8s.RecvNamed(fn) == nil
	}
	return false
}

// wrapsError reports whether fn returns nil for a nil error argument (its
// first) and a non-nil error otherwise: the wrappers of
// github.com/pkg/errors and github.com/cockroachdb/errors (Wrap, Wrapf,
// WithMessage, WithMessagef, WithStack), documented to return nil when the
// error is nil. errors.Wrapf(err, "...") after err was checked returns a
// nil error, and the requeue beside it is honoured.
func wrapsError(fn *types.Func) bool {
	if fn == nil || k8s.RecvNamed(fn) != nil {
		return false
	}
	switch k8s.PkgPath(fn.Pkg()) {
	case "github.com/pkg/errors", "github.com/cockroachdb/errors":
	default:
		return false
	}
	switch fn.Name() {
	case "Wrap", "Wrapf", "WithMessage", "WithMessagef", "WithStack":
		return true
	}
	return false
}

// ignoresErrors reports whether fn returns its error argument or nil:
// controller-runtime's client.IgnoreNotFound and IgnoreAlreadyExists.
func ignoresErrors(fn *types.Func) bool {
	return k8s.IsFunc(fn, k8s.Client, "IgnoreNotFound") || k8s.IsFunc(fn, k8s.Client, "IgnoreAlreadyExists")
}

// passArg is an argument of a generic pass-through call, and whether its
// parameter is a pointer to the type parameter (*T).
type passArg struct {
	e   ast.Expr
	ptr bool
}

// passThrough returns the arguments of call that can make its result
// when the callee is generic in the type T of its result: Go lets such a
// function make a T only from its T (or *T) arguments or T's zero value
// (samber/lo's FromPtrOr(res, ctrl.Result{}), Ternary(c, a, b),
// k8s.io/utils/ptr.Deref(res, ctrl.Result{})).
func (c *checker) passThrough(call *ast.CallExpr) ([]passArg, bool) {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil {
		return nil, false
	}
	sig, _ := fn.Origin().Type().(*types.Signature)
	if sig == nil || sig.Results().Len() != 1 {
		return nil, false
	}
	if sig.TypeParams().Len() == 0 {
		return c.unwrapArgs(call, fn)
	}
	tp, ok := sig.Results().At(0).Type().(*types.TypeParam)
	if !ok {
		return nil, false
	}
	var out []passArg
	for i, arg := range call.Args {
		pi := min(i, sig.Params().Len()-1)
		if pi < 0 {
			break
		}
		pt := sig.Params().At(pi).Type()
		if sig.Variadic() && pi == sig.Params().Len()-1 && call.Ellipsis == token.NoPos {
			if sl, ok := pt.(*types.Slice); ok {
				pt = sl.Elem()
			}
		}
		switch {
		case pt == types.Type(tp):
			out = append(out, passArg{e: arg})
		case isPointerTo(pt, tp):
			out = append(out, passArg{e: arg, ptr: true})
		}
	}
	return out, true
}

// unwrapArgs returns the arguments of call, a call of fn, that can make
// its Result when fn is a function of the package whose every return
// gives back a Result parameter, dereferences a *Result parameter or
// returns an empty Result (cluster-api-ipam-provider-in-cluster's
// unwrapResult: `if res == nil { return ctrl.Result{} }; return *res`).
func (c *checker) unwrapArgs(call *ast.CallExpr, fn *types.Func) ([]passArg, bool) {
	params, ok := c.unwrapParams(fn)
	if !ok || len(call.Args) != fn.Signature().Params().Len() {
		return nil, false
	}
	var out []passArg
	for _, i := range slices.Sorted(maps.Keys(params)) { // in argument order
		out = append(out, passArg{e: call.Args[i], ptr: params[i]})
	}
	return out, true
}

// unwrapParams returns, for a function of the package that returns a
// Result made only from its parameters (unwrapArgs), which parameters it
// returns and whether each is a pointer; memoized.
func (c *checker) unwrapParams(fn *types.Func) (map[int]bool, bool) {
	if !k8s.IsReconcileResult(fn.Signature().Results().At(0).Type()) || fn.Pkg() != c.pass.Pkg {
		return nil, false
	}
	if c.unwraps == nil {
		c.unwraps = map[*types.Func]map[int]bool{}
	}
	if params, ok := c.unwraps[fn]; ok {
		return params, params != nil
	}
	decl := c.declOf(fn)
	var params map[int]bool
	if decl != nil && decl.Body != nil {
		params = c.returnedParams(decl, fn.Signature().Params())
	}
	c.unwraps[fn] = params
	return params, params != nil
}

// returnedParams returns the parameters (index: whether a pointer) that
// the return statements of decl give back as they are or dereferenced,
// or nil when some return gives back anything else but an empty Result.
func (c *checker) returnedParams(decl *ast.FuncDecl, params *types.Tuple) map[int]bool {
	info := c.pass.TypesInfo
	out := map[int]bool{}
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			e := ast.Unparen(n.Results[0])
			if lit := c.resultLit(e); lit != nil && len(lit.Elts) == 0 {
				return false
			}
			deref := false
			if star, isStar := e.(*ast.StarExpr); isStar {
				e, deref = ast.Unparen(star.X), true
			}
			id, isID := e.(*ast.Ident)
			i := -1
			if isID {
				i = paramIndex(params, info.Uses[id])
			}
			if i < 0 || c.assigned(decl.Body, info.Uses[id]) {
				ok = false
				return false
			}
			out[i] = deref
		}
		return ok
	})
	if !ok || len(out) == 0 {
		return nil
	}
	return out
}

// paramIndex returns the index of obj among params, or -1.
func paramIndex(params *types.Tuple, obj types.Object) int {
	for i := range params.Len() {
		if params.At(i) == obj {
			return i
		}
	}
	return -1
}

// assigned reports whether body assigns v, or takes its address.
func (c *checker) assigned(body *ast.BlockStmt, v types.Object) bool {
	info := c.pass.TypesInfo
	return anyIn(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[id] == v {
					return true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
				return true
			}
		}
		return false
	})
}

func isPointerTo(t types.Type, tp *types.TypeParam) bool {
	p, ok := t.(*types.Pointer)
	return ok && p.Elem() == types.Type(tp)
}

// oneOf classifies the result of a pass-through call by its arguments:
// empty when every one is; the first that may request a requeue as the
// flow sees it (a literal, a followed variable); opaque, as the same
// value written out would be (*res), when the others are.
func (f *fn) oneOf(args []passArg) resVal {
	opaque := false
	for _, a := range args {
		var r resVal
		switch {
		case !a.ptr:
			r = f.res(a.e)
		case astx.IsNil(f.c.pass.TypesInfo, a.e):
			r = resVal{kind: resZero}
		default:
			if lit, addr := astx.StripAddr(a.e); addr {
				r = f.res(lit)
			} else {
				r = resVal{kind: resOpaque} // *res: followed where it is dereferenced
			}
		}
		switch {
		case r.kind == resZero:
		case r.kind == resOpaque:
			opaque = true
		case r.lit != nil && r.requeueOnly && !f.c.cfg.Requeue:
			// Requeue: true alone, not reported without the option.
		case r.lit != nil:
			// The literal is not what is returned: said, and not fixed,
			// as the call.
			return resVal{kind: resCall, r: r.r}
		default:
			return r
		}
	}
	if opaque {
		return resVal{kind: resOpaque}
	}
	return resVal{kind: resZero}
}
