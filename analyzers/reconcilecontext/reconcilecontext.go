package reconcilecontext

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/report"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "reconcilecontext"

// Config is the check's configuration.
type Config struct {
	// Derived also reports contexts derived from context.Background() or
	// context.TODO() (context.WithTimeout(context.Background(), d)):
	// they end, but not with the reconcile.
	Derived bool `json:"derived" help:"also report contexts derived from context.Background() or context.TODO(), such as context.WithTimeout(context.Background(), d)"`
	// Helpers also reports the API calls of functions without a context
	// parameter whose callers in the package all have one: the caller's
	// context should be passed down. Off by default: the fix changes a
	// signature, and such a function may mean to outlive its callers.
	Helpers bool `json:"helpers" help:"also report API calls with context.Background() or context.TODO() in functions without a context parameter whose callers in the package all have one (take the caller's context)"`
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{Derived: true} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:    Name,
	DocGo:   doc,
	Default: DefaultConfig,
	Enabled: true,
	Autofix: true,
	Run: func(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
		run(pass, rep, cfg)
		return nil
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

// checker holds what one pass needs; nothing outlives the pass.
type checker struct {
	pass *analysis.Pass
	rep  *report.Reporter
	cfg  Config
	// roots are the positions of the package's uses of
	// context.Background and context.TODO, in order.
	roots []token.Pos
	// graph finds the helpers, built on first need; forwards and
	// declared memoize the forwarders and the package's declarations.
	graph    *graph
	forwards map[*types.Func]forward
	declared map[*types.Func]*ast.FuncDecl
}

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) {
	// Only declarations that call context.Background or context.TODO
	// can make a finding: find them before looking into any.
	roots := k8s.UsesWhere(pass.TypesInfo, func(obj types.Object) bool {
		fn, ok := obj.(*types.Func)
		return ok && rootContext(fn) != ""
	})
	if len(roots) == 0 {
		return
	}
	c := &checker{pass: pass, rep: rep, cfg: cfg, roots: roots}
	for _, f := range pass.Files {
		if c.isTestFile(f.Package) {
			continue // no manager cancels a test's context, and no lease is lost
		}
		for _, d := range f.Decls {
			if !k8s.AnyWithin(roots, d) {
				continue
			}
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Body != nil {
					c.decl(d)
				}
			case *ast.GenDecl:
				ast.Inspect(d, func(n ast.Node) bool {
					if lit, ok := n.(*ast.FuncLit); ok {
						c.function("", lit.Type, lit.Body)
						return false
					}
					return true
				})
			}
		}
	}
}

// decl checks a declared function: as a helper when it has no context
// parameter and is called only where a context is.
func (c *checker) decl(d *ast.FuncDecl) {
	fn, _ := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
	if c.cfg.Helpers && fn != nil && c.contextParam(d.Type) == nil && !c.isTestFile(d.Pos()) && c.isHelper(fn) {
		fc := &funcCheck{c: c, name: d.Name.Name, helper: fn, body: d.Body}
		fc.walk(d.Body)
		return
	}
	fc := &funcCheck{c: c, name: d.Name.Name, ctx: c.contextParam(d.Type), body: d.Body}
	if fc.ctx != nil && fn != nil && k8s.AnyWithin(c.roots, d.Body) && c.freshContextOnly(fn, paramIndex(fn, fc.ctx)) {
		fc.ctx = nil // its context is as fresh as context.Background(): nothing to gain
	}
	c.check(fc)
}

// paramIndex returns the index of parameter v of fn, or -1.
func paramIndex(fn *types.Func, v *types.Var) int {
	params := fn.Type().(*types.Signature).Params()
	for i := 0; i < params.Len(); i++ {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}

// function checks the body of a function declared or literal; name is
// "" for a literal.
func (c *checker) function(name string, ftype *ast.FuncType, body *ast.BlockStmt) {
	c.check(&funcCheck{c: c, name: name, ctx: c.contextParam(ftype), body: body})
}

// check walks the body of fc's function.
func (c *checker) check(fc *funcCheck) {
	if fc.ctx != nil && !k8s.AnyWithin(c.roots, fc.body) {
		// No context of this body derives from context.Background or
		// TODO: only nested functions can report.
		fc.ctx = nil
	}
	fc.walk(fc.body)
	fc.flushDerived()
}

// flushDerived reports the first API call of each derived context
// variable, with the number of the others.
func (fc *funcCheck) flushDerived() {
	for _, v := range fc.order {
		u := fc.derived[v]
		if u.calls > 1 {
			u.d.Message += fmt.Sprintf("; %s is used by %d API calls here, all reported by this finding", v.Name(), u.calls)
		}
		fc.c.rep.Report(u.d)
	}
}

// contextParam returns the first parameter of type context.Context, or
// nil.
func (c *checker) contextParam(ftype *ast.FuncType) *types.Var {
	for _, field := range ftype.Params.List {
		if !k8s.IsNamed(c.pass.TypesInfo.TypeOf(field.Type), "context", "Context") {
			continue
		}
		if len(field.Names) == 0 {
			return types.NewParam(field.Pos(), c.pass.Pkg, "", c.pass.TypesInfo.TypeOf(field.Type))
		}
		v, _ := c.pass.TypesInfo.Defs[field.Names[0]].(*types.Var)
		return v
	}
	return nil
}

// funcCheck checks one function's body, with the function literals that
// run as part of it.
type funcCheck struct {
	c    *checker
	name string
	ctx  *types.Var // the context parameter, or nil
	// helper is the function when it is a helper: it has no context
	// parameter, and all its callers have one.
	helper *types.Func
	body   *ast.BlockStmt
	// sync holds the function literals that run before the call that
	// takes them returns: func() { ... }() and callbacks of
	// retry.RetryOnConflict and the like.
	sync map[*ast.FuncLit]bool
	// defs lists each local variable's values; origins memoizes the
	// origin of each judged variable.
	defs    map[*types.Var][]def
	origins map[*types.Var]string
	// cleanup lists the regions that run after the context may be done.
	cleanup [][2]token.Pos
	// derived holds, per context variable derived from a fresh context,
	// the finding at its first API call and how many calls use it: one
	// finding per variable (ctx, cancel := context.WithTimeout(
	// context.Background(), d) at the top of a Reconcile is one mistake,
	// whatever the number of calls).
	derived map[*types.Var]*derivedUse
	order   []*types.Var
}

// derivedUse is the first finding of a derived context variable and the
// number of its API calls.
type derivedUse struct {
	d     analysis.Diagnostic
	calls int
}

func (fc *funcCheck) walk(root ast.Node) {
	ast.Inspect(root, func(n ast.Node) bool {
		if fc.ctx == nil && fc.helper == nil && n != nil && !k8s.AnyWithin(fc.c.roots, n) {
			// Without a context to judge against, only nested
			// functions matter, and only those that call
			// context.Background or TODO.
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return fc.funcLit(n)
		case *ast.DeferStmt:
			return false // deferred cleanup may outlive the context on purpose
		case *ast.GoStmt:
			fc.goStmt(n)
			return false
		case *ast.CallExpr:
			if fc.ctx != nil || fc.helper != nil {
				fc.markSync(n)
				fc.call(n)
			}
		}
		return true
	})
}

// funcLit decides how a nested function literal is checked: on its own
// when it receives a context, as part of this function when it runs
// before the call that takes it returns, and without a context otherwise
// (it may run after this function returned).
func (fc *funcCheck) funcLit(lit *ast.FuncLit) bool {
	if fc.c.contextParam(lit.Type) != nil {
		fc.c.function("", lit.Type, lit.Body)
		return false
	}
	if fc.sync[lit] {
		return true
	}
	(&funcCheck{c: fc.c, body: lit.Body}).walk(lit.Body)
	return false
}

// goStmt checks the arguments of a go statement, which are evaluated
// here, and the function it starts without a context.
func (fc *funcCheck) goStmt(g *ast.GoStmt) {
	for _, a := range g.Call.Args {
		fc.walk(a)
	}
	switch fun := ast.Unparen(g.Call.Fun).(type) {
	case *ast.FuncLit:
		if fc.c.contextParam(fun.Type) != nil {
			fc.c.function("", fun.Type, fun.Body)
		} else {
			(&funcCheck{c: fc.c, body: fun.Body}).walk(fun.Body)
		}
	default:
		fc.walk(fun)
	}
}

// markSync records the function literals that call runs before it
// returns.
func (fc *funcCheck) markSync(call *ast.CallExpr) {
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		fc.setSync(lit)
	}
	if !k8s.RunsCallbackBeforeReturn(k8s.Callee(fc.c.pass.TypesInfo, call)) {
		return
	}
	for _, a := range call.Args {
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			fc.setSync(lit)
		}
	}
}

func (fc *funcCheck) setSync(lit *ast.FuncLit) {
	if fc.sync == nil {
		fc.sync = map[*ast.FuncLit]bool{}
	}
	fc.sync[lit] = true
}

// call reports an API call made with a context that does not derive from
// the function's.
func (fc *funcCheck) call(call *ast.CallExpr) {
	api, ok := k8s.ClassifyAPICall(fc.c.pass.TypesInfo, call)
	if !ok && fc.helper != nil {
		api, ok = fc.c.forwarded(call)
	}
	if !ok {
		return
	}
	origin, direct := fc.background(api.Ctx)
	if origin == "" || !direct && !fc.c.cfg.Derived || fc.inCleanup(call.Pos()) ||
		!direct && fc.cleanupContext(api.Ctx, call.Pos()) {
		return
	}
	if fc.helper != nil {
		fc.reportHelper(api, origin, direct)
		return
	}
	fc.report(api, origin, direct)
}

// reportHelper reports api, called in a helper with a context rooted at
// origin (direct: origin is the argument itself).
func (fc *funcCheck) reportHelper(api k8s.APICall, origin string, direct bool) {
	arg := origin
	if !direct {
		arg = types.ExprString(api.Ctx) + ", derived from " + origin + ","
	}
	fc.c.rep.Report(analysis.Diagnostic{
		Pos: api.Call.Pos(), End: api.Call.End(),
		Message: api.Name + " is called with " + arg + " in " + fc.name +
			", which takes no context although all its callers in the package run with one (" +
			fc.c.helperCallers(fc.helper) + "), so the request is not cancelled when their context is " +
			fc.c.cancelledBy() +
			fc.stuck(api.Ctx, fc.c.holds(" and a stuck call")) + ": " +
			"give " + fc.name + " a context parameter and pass the caller's",
	})
}

// cancelledBy says, in brackets, what cancels a context the package is
// handed: a controller's or webhook's, or, in other code (a CLI, a
// library, a test framework), the caller's cancellation or deadline.
func (c *checker) cancelledBy() string {
	if c.controller() {
		return "(manager shutdown, leader-election loss, the end of the reconcile or webhook request)"
	}
	return "(its caller's cancellation or deadline)"
}

// holds says what a call that never returns holds up: a controller's
// worker, or in other code its caller.
func (c *checker) holds(what string) string {
	if c.controller() {
		return what + " holds the worker"
	}
	return what + " blocks the caller"
}

// controller reports whether the package runs controllers or webhooks:
// it imports controller-runtime, or client-go's informer, work queue or
// leader election machinery.
func (c *checker) controller() bool {
	for _, imp := range c.pass.Pkg.Imports() {
		path := imp.Path()
		if strings.HasPrefix(path, "sigs.k8s.io/controller-runtime") || controllerMachinery[path] {
			return true
		}
	}
	return false
}

// controllerMachinery are client-go's packages that controllers written
// without controller-runtime run on.
var controllerMachinery = map[string]bool{
	"k8s.io/client-go/tools/cache": true, "k8s.io/client-go/util/workqueue": true,
	"k8s.io/client-go/tools/leaderelection": true, "k8s.io/client-go/informers": true,
}

// stuck returns what a call made with the fresh context ctx risks
// beyond missing the cancellation: holding the worker (what), unless a
// deadline bounds it, which the message then says.
func (fc *funcCheck) stuck(ctx ast.Expr, what string) string {
	if fc.bounded(ctx, 0) {
		return ", only its deadline ends it"
	}
	return what
}

// stuckText says what an unbounded wait of api holds: a controller-runtime
// read may be served by the cache, where it waits for the informer to sync
// (forever when the kind cannot be listed), not on a connection.
func (c *checker) stuckText(api k8s.APICall) string {
	if api.API == k8s.APIControllerRuntime && (api.Method == "Get" || api.Method == "List") {
		return c.holds(" and a read that waits (for the cache to sync, or on a stuck connection)")
	}
	return c.holds(" and a stuck connection")
}

// report reports api, called with a context rooted at origin (direct:
// origin is the argument itself).
func (fc *funcCheck) report(api k8s.APICall, origin string, direct bool) {
	ctxName := fc.ctx.Name()
	receives, pass, whose := "receives "+ctxName, ctxName, ctxName
	if ctxName == "" || ctxName == "_" {
		receives, pass, whose = "receives a context it does not name", "the function's context", "that context"
	}
	owner := "the function literal"
	if fc.name != "" {
		owner = fc.name
	}
	arg := origin
	if !direct {
		arg = types.ExprString(api.Ctx) + ", derived from " + origin + ","
	}
	d := analysis.Diagnostic{
		Pos: api.Call.Pos(), End: api.Call.End(),
		Message: api.Name + " is called with " + arg + " although " + owner + " " + receives +
			", so the request is not cancelled when " + whose + " is " + fc.c.cancelledBy() +
			fc.stuck(api.Ctx, fc.c.stuckText(api)) + ": pass " + pass +
			" (or context.WithoutCancel(" + pass + ") where the call must outlive it)",
	}
	if direct && fc.visible(api.Ctx.Pos()) {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Pass " + ctxName,
			TextEdits: []analysis.TextEdit{{Pos: api.Ctx.Pos(), End: api.Ctx.End(), NewText: []byte(ctxName)}},
		}}
	}
	if id, ok := ast.Unparen(api.Ctx).(*ast.Ident); ok && !direct {
		if v, ok := fc.c.pass.TypesInfo.Uses[id].(*types.Var); ok {
			fc.deferDerived(v, d)
			return
		}
	}
	fc.c.rep.Report(d)
}

// deferDerived keeps the finding d of an API call made with the derived
// context variable v for flushDerived: the first one, and a count.
func (fc *funcCheck) deferDerived(v *types.Var, d analysis.Diagnostic) {
	if fc.derived == nil {
		fc.derived = map[*types.Var]*derivedUse{}
	}
	if u := fc.derived[v]; u != nil {
		u.calls++
		return
	}
	fc.derived[v] = &derivedUse{d: d, calls: 1}
	fc.order = append(fc.order, v)
}

// visible reports whether the context parameter is named and its name
// refers to it at pos.
func (fc *funcCheck) visible(pos token.Pos) bool {
	name := fc.ctx.Name()
	if name == "" || name == "_" {
		return false
	}
	scope := fc.c.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(name, pos)
	return obj == fc.ctx
}
