package requeueerror

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/k8s"
)

// What a reconcile.Result may hold, as far as requeueing goes.
const (
	rZero      = iota // no requeue requested
	rRequeue          // Requeue may be true, RequeueAfter is 0
	rAfter            // RequeueAfter may be set, Requeue unknown
	rOpaque           // unknown, may request a requeue: from a call, a field, another variable
	rTied             // unknown, from the same call (or caller) as the error it is returned with
	rAfterOnly        // RequeueAfter may be set, Requeue is false
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
	resOpaque        // anything else: a field, a variable the check cannot follow
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
	// return.
	global *types.Var
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
}

func newFunc(c *checker, ftype *ast.FuncType, body *ast.BlockStmt, sig *types.Signature, sh shape) *fn {
	f := &fn{
		c: c, ftype: ftype, body: body, sig: sig, shape: sh,
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
	if f.named[0] != nil && f.escaped[f.named[0]] {
		// A deferred function may rewrite the Result on the way out.
		return &fn{c: c}
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
	depth := 0
	var stack []ast.Node
	ast.Inspect(f.body, func(n ast.Node) bool {
		if n == nil {
			if _, ok := stack[len(stack)-1].(*ast.FuncLit); ok {
				depth--
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncLit:
			depth++
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				f.escape(f.rootVar(n.X))
			}
		case *ast.AssignStmt:
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
			f.recordStore(lhs, as.Rhs[i], nil)
		} else {
			f.recordStore(lhs, nil, as.Rhs[0])
		}
	}
}

func (f *fn) scanValueSpec(vs *ast.ValueSpec) {
	for i, name := range vs.Names {
		switch {
		case len(vs.Values) == len(vs.Names):
			f.recordStore(name, vs.Values[i], nil)
		case len(vs.Values) == 1:
			f.recordStore(name, nil, vs.Values[0])
		}
	}
}

// recordStore notes what storing rhs, or one result of the call tuple,
// into lhs may do.
func (f *fn) recordStore(lhs, rhs, tuple ast.Expr) {
	if v := f.varOf(lhs); v != nil {
		if k8s.IsReconcileResult(v.Type()) && f.resultSet(rhs, tuple)&^(1<<rZero) != 0 {
			f.mayRequeue[v] = true
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
		r.res = f.res(rs.Results[f.shape.res])
		r.err = f.err(rs.Results[f.shape.err])
	default:
		return nil // return helper(ctx): the helper is checked on its own
	}
	if r.res.kind == resZero || r.res.kind == resOpaque || r.err.kind == errNil {
		return nil
	}
	if r.res.kind == resLit && r.res.r == rRequeue && !f.c.cfg.Requeue {
		return nil
	}
	if r.res.kind == resVar && !f.mayRequeue[r.res.v] || r.err.kind == errVar && !f.mayFail[r.err.v] {
		return nil
	}
	if r.res.kind != resVar && r.err.kind != errVar {
		r.verdict = verdictMaybe
		if r.err.kind == errNonNil {
			r.verdict = verdictSure
		}
	}
	return r
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
// *reconcile.Result), a followed local variable, a package variable that
// keeps its declared literal, or a call.
func (f *fn) res(e ast.Expr) resVal {
	e = ast.Unparen(e)
	if lit := f.c.resultLit(e); lit != nil {
		return f.literal(lit)
	}
	if v := f.varOf(e); v != nil && k8s.IsReconcileResult(v.Type()) {
		return f.resOfVar(v)
	}
	if v, lit := f.c.constGlobal(e); lit != nil {
		r := f.literal(lit)
		r.global = v
		return r
	}
	if call, ok := e.(*ast.CallExpr); ok {
		if !f.c.callMayRequeue(call) {
			return resVal{kind: resZero}
		}
		return resVal{kind: resCall, r: rOpaque}
	}
	return resVal{kind: resOpaque}
}

// resultSet is what storing rhs, or one result of the call tuple, into a
// Result variable may put in it.
func (f *fn) resultSet(rhs, tuple ast.Expr) uint8 {
	if rhs == nil {
		call, ok := ast.Unparen(tuple).(*ast.CallExpr)
		if ok && !f.c.callMayRequeue(call) {
			return 1 << rZero
		}
		if ok {
			return 1 << rTied
		}
		return 1 << rOpaque
	}
	switch r := f.res(rhs); r.kind {
	case resZero:
		return 1 << rZero
	case resLit, resCall:
		return 1 << r.r
	}
	return 1 << rOpaque
}

// literal classifies a reconcile.Result literal.
func (f *fn) literal(lit *ast.CompositeLit) resVal {
	st, ok := f.c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return resVal{kind: resOpaque}
	}
	var requeue, after bool
	var afterExpr ast.Expr
	for i, elt := range lit.Elts {
		name, val := "", elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				name = id.Name
			}
			val = kv.Value
		} else if i < st.NumFields() {
			name = st.Field(i).Name()
		}
		switch name {
		case "Requeue":
			requeue = requeue || !f.isConst(val, constant.MakeBool(false))
		case "RequeueAfter":
			if !f.isConst(val, constant.MakeInt64(0)) {
				after, afterExpr = true, val
			}
		}
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

// isConst reports whether e is a constant equal to want.
func (f *fn) isConst(e ast.Expr, want constant.Value) bool {
	tv, ok := f.c.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == want.Kind() && constant.Compare(tv.Value, token.EQL, want)
}

// err classifies an error expression.
func (f *fn) err(e ast.Expr) errVal {
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

// ignoresErrors reports whether fn returns its error argument or nil:
// controller-runtime's client.IgnoreNotFound and IgnoreAlreadyExists.
func ignoresErrors(fn *types.Func) bool {
	return k8s.IsFunc(fn, k8s.Client, "IgnoreNotFound") || k8s.IsFunc(fn, k8s.Client, "IgnoreAlreadyExists")
}
