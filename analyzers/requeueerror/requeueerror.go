package requeueerror

import (
	"bytes"
	_ "embed"
	"go/ast"
	"go/format"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/report"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "requeueerror"

// Config is the check's configuration.
type Config struct {
	// Requeue also reports Requeue: true (without RequeueAfter) returned
	// with an error. controller-runtime ignores it and logs a warning,
	// but the error requeues with backoff anyway, so only the warning
	// is lost behaviour.
	Requeue bool `json:"requeue" help:"also report Requeue: true returned with an error (ignored with a warning; the error requeues with backoff anyway)"`
	// Deferred also reports a deferred function that sets the named
	// error result (a failed patch) and leaves the Result, in a function
	// that may return a requeue. Off by default: the error is retried
	// with backoff anyway, so only controller-runtime's warning changes.
	Deferred bool `json:"deferred" help:"also report a deferred function that sets the named error result while the function may return a requeue (only the warning changes: the error is retried anyway)"`
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{Requeue: true} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:    Name,
	DocGo:   doc,
	Default: DefaultConfig,
	Enabled: true,
	Autofix: true,
	// go.mod's controller-runtime, read once per module, says what the
	// message quotes from the log.
	Requires: []*analysis.Analyzer{inspect.Analyzer, runcachepass.Analyzer},
	Run: func(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
		run(pass, rep, cfg)
		return nil
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

// checker holds what one pass needs; nothing outlives the pass.
type checker struct {
	pass     *analysis.Pass
	in       *inspector.Inspector
	rep      *report.Reporter
	cfg      Config
	errorTyp types.Type
	// decls holds the package's function declarations (built on the
	// first question); requeues memoizes which of them may return a
	// Result that requests a requeue, zoe which are zero-on-error
	// (summary.go), flags which may return a Result with Requeue set
	// (flag.go), accessors which return a field of their receiver.
	decls     map[*types.Func]*ast.FuncDecl
	requeues  map[*types.Func]bool
	flags     map[*types.Func]bool
	zoe       map[summaryKey]bool
	accessors map[*types.Func]bool
	// locs indexes the package's Result variables and the Result and
	// error fields of its structs (stores.go), once built.
	locs map[*types.Var]*location
	// setFields are the Requeue and RequeueAfter fields of the package's
	// structs that the package sets (unset.go), once built.
	setFields map[*types.Var]bool
	// sentinels are the error variables the package turns into a nil
	// error with the Result (sentinel.go), once built.
	sentinels map[*types.Var]bool
	// logged is what controller-runtime logs for such a return, once
	// read from go.mod (warning.go).
	logged *string
	// uses indexes the references to the package's functions, reach
	// memoizes which helpers' returns reach controller-runtime, and
	// ifaceMethods are the method names of the package's interfaces
	// (callers.go); all built on the first question.
	uses         map[*types.Func][]astx.Use
	reach        map[*types.Func]bool
	ifaceMethods map[string]bool
	// kept memoizes which of the package's types it keeps to itself, and
	// abstract indexes the calls of interface methods by name (kept.go).
	kept     map[*types.TypeName]bool
	abstract map[string][]astx.AbstractCall
	// unwraps memoizes the package's functions that return a Result
	// made only from their parameters, and which (returns.go).
	unwraps map[*types.Func]map[int]bool
}

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) {
	// Only declarations that name reconcile.Result (or an alias of it)
	// can hold a function whose results hold a reconcile.Result and an
	// error: find them before looking into any.
	results := k8s.UsesWhere(pass.TypesInfo, func(obj types.Object) bool {
		tn, ok := obj.(*types.TypeName)
		return ok && k8s.IsReconcileResult(tn.Type())
	})
	if len(results) == 0 {
		return
	}
	c := &checker{
		pass: pass, in: pass.ResultOf[inspect.Analyzer].(*inspector.Inspector), rep: rep, cfg: cfg, errorTyp: types.Universe.Lookup("error").Type(),
		requeues: map[*types.Func]bool{}, flags: map[*types.Func]bool{}, zoe: map[summaryKey]bool{}, accessors: map[*types.Func]bool{},
	}
	for file := range c.in.Root().Children() {
		if astx.InTestFile(pass.Fset, file.Node().(*ast.File).Package) {
			continue // fake reconcilers in tests return both on purpose
		}
		for d := range file.Children() {
			if _, ok := d.Node().(ast.Decl); ok && k8s.AnyWithin(results, d.Node()) {
				c.decl(d)
			}
		}
	}
}

// decl checks the functions declared or written in the declaration at
// d (on the shared inspector, which skips the subtrees that hold none).
func (c *checker) decl(d inspector.Cursor) {
	info := c.pass.TypesInfo
	for cur := range d.Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			if obj, ok := info.Defs[n.Name].(*types.Func); ok && n.Body != nil {
				c.function(n.Type, n.Body, obj.Type().(*types.Signature), obj)
			}
		case *ast.FuncLit:
			if sig, ok := info.TypeOf(n).(*types.Signature); ok {
				c.function(n.Type, n.Body, sig, nil)
			}
		}
	}
}

// shape says where the results of a judged function hold its Result and
// its error.
type shape struct {
	res, err int // indices among the results; err is the last
	n        int // the number of results
}

// shapeOf returns the shape of sig if its results hold a Result and an
// error: (reconcile.Result, error), a Reconcile method, a reconcile.Func,
// or a helper whose results a Reconcile returns; (*reconcile.Result,
// error), the subreconcilers of operator-sdk's pattern, whose callers
// turn a non-nil Result into theirs; and helpers with other results
// besides, such as (string, reconcile.Result, error), whose callers pass
// the Result and the error on. The last result must be the error, and
// exactly one other a Result or a pointer to one (of two, which one is
// returned is not known).
func (c *checker) shapeOf(sig *types.Signature) (shape, bool) {
	res := sig.Results()
	n := res.Len()
	if n < 2 || !types.Identical(res.At(n-1).Type(), c.errorTyp) {
		return shape{}, false
	}
	i := resultIndex(res)
	return shape{res: i, err: n - 1, n: n}, i >= 0
}

// resultIndex returns the index of the only reconcile.Result (or pointer
// to one) among res, or -1 if there is none or more than one.
func resultIndex(res *types.Tuple) int {
	idx := -1
	for i := range res.Len() {
		if isResultOrPointer(res.At(i).Type()) {
			if idx >= 0 {
				return -1
			}
			idx = i
		}
	}
	return idx
}

// isResultOrPointer reports whether t is reconcile.Result or a pointer
// to it.
func isResultOrPointer(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return k8s.IsReconcileResult(t)
}

// resultLit returns the reconcile.Result literal that e is, or whose
// address e takes, or nil.
func (c *checker) resultLit(e ast.Expr) *ast.CompositeLit {
	e, _ = astx.StripAddr(e)
	if lit, ok := e.(*ast.CompositeLit); ok && k8s.IsReconcileResult(c.pass.TypesInfo.TypeOf(lit)) {
		return lit
	}
	return nil
}

// callee returns the function that call calls, or nil.
func (c *checker) callee(call *ast.CallExpr) *types.Func {
	return k8s.Callee(c.pass.TypesInfo, call)
}

// function checks one function (declared, obj, or literal, obj nil);
// nested function literals are checked on their own.
func (c *checker) function(ftype *ast.FuncType, body *ast.BlockStmt, sig *types.Signature, obj *types.Func) {
	sh, ok := c.shapeOf(sig)
	if !ok {
		return
	}
	if !c.reaches(obj) {
		return // its callers never return its pair (callers.go)
	}
	fn := newFunc(c, ftype, body, sig, sh, false)
	c.deferred(fn)
	if len(fn.returns) == 0 {
		return
	}
	fn.solve()
	typ, amp := resultField(ftype.Results, sh.res), ""
	if _, ptr := typ.(*ast.StarExpr); ptr {
		amp = "&"
	}
	for _, r := range fn.returns {
		if r.verdict != verdictQuiet {
			c.report(fn, r, types.ExprString(astx.StripStar(typ)), amp)
		}
	}
}

// resultField returns the type expression of the i-th result of a
// function (fields may declare several: (a, b string, res ctrl.Result)).
func resultField(results *ast.FieldList, i int) ast.Expr {
	for _, field := range results.List {
		n := max(len(field.Names), 1)
		if i < n {
			return field.Type
		}
		i -= n
	}
	return nil
}

// report reports the return r of f; typ spells reconcile.Result as the
// function's signature does, and amp is "&" where the function returns a
// *reconcile.Result.
func (c *checker) report(f *fn, r *ret, typ, amp string) {
	stmt := r.stmt
	if r.res.lit != nil && r.res.lit.Type != nil {
		typ = types.ExprString(r.res.lit.Type)
	}
	errText := "an error that may be non-nil"
	if r.verdict == verdictSure {
		errText = "a non-nil error"
	}
	instead := c.instead(f, stmt, amp+typ+"{}")
	d := analysis.Diagnostic{Pos: stmt.Pos(), End: stmt.End()}
	if r.res.lit != nil && r.res.requeueOnly {
		what := amp + typ + "{Requeue: true}"
		if text := c.source(r.res.lit); text != "" && r.res.kind == resFrom {
			what = amp + text // ctrl.Result{Requeue: requeue}
		}
		if r.res.global != nil {
			what = globalName(r.res) + " (" + what + ")"
		}
		logged := c.warning()
		effect := "only the warning changes" + logged
		if logged == "" {
			effect = "nothing changes at run time" // no warning before v0.16
		}
		d.Message = what + " is returned with " + errText + ", so controller-runtime ignores Requeue: the error alone " +
			"requeues it the same way, with rate-limited backoff, and " + effect + ": return " + instead
		if r.verdict == verdictSure && len(r.res.lit.Elts) == 1 && r.res.global == nil {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Return " + amp + typ + "{}",
				TextEdits: []analysis.TextEdit{{Pos: r.res.lit.Lbrace + 1, End: r.res.lit.Rbrace}},
			}}
		}
		c.rep.Report(d)
		return
	}
	what := amp + typ + "{RequeueAfter: ...}"
	if text := c.source(r.res.lit); text != "" {
		what = amp + text
	}
	switch {
	case r.res.lit == nil:
		what = types.ExprString(f.stmtResult(stmt, r.res)) + ", which may request a requeue,"
		switch {
		case r.res.pairPos.IsValid() && r.res.pairErrPos.IsValid():
			what = types.ExprString(f.stmtResult(stmt, r.res)) + ", which may request a requeue (set at " +
				c.position(r.res.pairPos) + ", and the error at " + c.position(r.res.pairErrPos) + "),"
		case r.res.pairPos.IsValid():
			what = types.ExprString(f.stmtResult(stmt, r.res)) + ", which may request a requeue (set together with an error at " +
				c.position(r.res.pairPos) + "),"
		}
	case r.res.requeueAfter == nil:
		what = amp + typ + "{Requeue: ...}"
	}
	if r.res.global != nil {
		what = globalName(r.res) + " (" + what + ")"
	}
	d.Message = what + " is returned with " + errText + ", so controller-runtime ignores the requested requeue " +
		"and retries with rate-limited backoff instead" + c.warning() + ": to requeue after the delay, log the " +
		"error and return nil; to retry on the error, return " + instead
	c.rep.Report(d)
}

// globalName spells the package variable a return holds, with & if the
// return takes its address.
func globalName(r resVal) string {
	if r.addr {
		return "&" + r.global.Name()
	}
	return r.global.Name()
}

// instead spells the results to return instead of those of stmt: empty
// (the empty Result) and err at their positions, and the other results as
// stmt returns them (short ones; "..." for the others).
func (c *checker) instead(f *fn, stmt *ast.ReturnStmt, empty string) string {
	if f.shape.n == 2 {
		return empty + ", err"
	}
	parts := make([]string, f.shape.n)
	for i := range parts {
		switch {
		case i == f.shape.res:
			parts[i] = empty
		case i == f.shape.err:
			parts[i] = "err"
		case len(stmt.Results) == 0:
			if name := f.sig.Results().At(i).Name(); name != "_" {
				parts[i] = name
			}
		default:
			parts[i] = c.shortSource(stmt.Results[i], 24)
		}
		if parts[i] == "" {
			parts[i] = "..."
		}
	}
	return strings.Join(parts, ", ")
}

// callMayRequeue reports whether the Result that call returns may request
// a requeue: unless its callee is a function of this package all of whose
// returns are empty Results (or calls of such functions), it may. The
// Result is the callee's only result of type reconcile.Result (or
// pointer); a callee with none or several may.
func (c *checker) callMayRequeue(call *ast.CallExpr) bool {
	fn := c.callee(call)
	decl := c.declOf(fn)
	if decl == nil {
		return true
	}
	if may, done := c.requeues[fn]; done {
		return may // also false while fn is being judged (recursion)
	}
	res := fn.Type().(*types.Signature).Results()
	idx := resultIndex(res)
	if idx < 0 {
		return true
	}
	c.requeues[fn] = false
	may := c.bodyMayRequeue(decl.Body, idx, res.Len())
	c.requeues[fn] = may
	return may
}

// bodyMayRequeue reports whether some return of body (outside nested
// functions) may return a Result that requests a requeue: the result at
// index idx of n, or the call a return passes on (return f(ctx)).
func (c *checker) bodyMayRequeue(body *ast.BlockStmt, idx, n int) bool {
	return anyReturn(body, func(rs *ast.ReturnStmt) bool {
		switch len(rs.Results) {
		case 0:
			return true
		case n:
			return c.exprMayRequeue(rs.Results[idx])
		}
		return c.exprMayRequeue(rs.Results[0])
	})
}

// anyReturn reports whether pred holds for some return statement of body
// outside nested function literals, stopping at the first.
func anyReturn(body *ast.BlockStmt, pred func(*ast.ReturnStmt) bool) bool {
	found := false
	ast.Inspect(body, func(node ast.Node) bool {
		if found {
			return false
		}
		switch node := node.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = pred(node)
		}
		return true
	})
	return found
}

// exprMayRequeue judges the Result of a return: a literal (or its
// address) by its fields, nil as none, a package variable or a field by
// what the package stores into it, a call by its callee, anything else
// may.
func (c *checker) exprMayRequeue(e ast.Expr) bool {
	lit := c.resultLit(e)
	if lit == nil {
		if g := c.global(e); g.v != nil {
			return g.state != locZero
		}
		if field, _ := c.fieldRead(e); field != nil {
			return c.locState(field) != locZero
		}
	}
	if lit != nil {
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				return true
			}
			if id, ok := kv.Key.(*ast.Ident); !ok || requeueField(id.Name) && !c.isZero(kv.Value) {
				return true
			}
		}
		return false
	}
	if tv, ok := c.pass.TypesInfo.Types[e]; ok && tv.IsNil() {
		return false
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return c.callMayRequeue(call)
	}
	return true
}

// isZero reports whether e is the constant false or 0.
func (c *checker) isZero(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && (tv.Value.String() == "0" || tv.Value.String() == "false")
}

// stmtResult returns the Result expression of a return, or the named
// result of a bare one.
func (f *fn) stmtResult(stmt *ast.ReturnStmt, res resVal) ast.Expr {
	if len(stmt.Results) == 0 {
		return ast.NewIdent(res.v.Name())
	}
	return stmt.Results[f.shape.res]
}

// source returns the text of a short one-line literal, or "".
func (c *checker) source(lit *ast.CompositeLit) string {
	if lit == nil {
		return ""
	}
	return c.shortSource(lit, 60)
}

// shortSource returns the text of e if it is one line of at most limit
// bytes, or "".
func (c *checker) shortSource(e ast.Expr, limit int) string {
	var buf bytes.Buffer
	if err := format.Node(&buf, c.pass.Fset, e); err != nil || buf.Len() > limit || bytes.ContainsRune(buf.Bytes(), '\n') {
		return ""
	}
	return buf.String()
}
