package reconcilecontext

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// A helper is a declared function without a context parameter that is
// called, in the package, only from code that has a context: a function
// with a context parameter, or another helper. Its API calls should use
// its callers' context, which it lacks.
//
// The call graph is the package's own, without facts: callers in other
// packages are not seen, so a function with no caller in the package
// (exported, or dead) is never a helper.

// site is a call of a package function, and the context the calling code
// has.
type site struct {
	caller *types.Func // the declared function holding the call; nil at package level
	has    ctxKind
}

// ctxKind tells which context the code at a site has.
type ctxKind int

const (
	noCtx     ctxKind = iota // none: package level, or a function literal that may run later
	ownCtx                   // a context parameter of caller or of a function literal holding the call
	callerCtx                // caller's, which has one when it is a helper
)

// graph holds the package's calls of its own declared functions, test
// files left out.
type graph struct {
	c        *checker
	decls    map[*types.Func]*ast.FuncDecl
	sites    map[*types.Func][]site
	detached map[*types.Func]bool // used as a value, started by a go statement, or deferred
	// dispatch holds the interface methods called in the package, by
	// name; reached memoizes dispatched.
	dispatch map[string]map[*types.Func]bool
	reached  map[*types.Func]bool
	helpers  map[*types.Func]bool
	// direct holds the direct calls of each function, with the
	// declaration that makes them (nil at package level); fresh
	// memoizes freshContextOnly, callers the checks of the callers.
	direct  map[*types.Func][]directCall
	fresh   map[*types.Func]bool
	callers map[*types.Func]*funcCheck
}

// directCall is a call of a declared function of the package, and the
// declared function whose body holds it.
type directCall struct {
	call   *ast.CallExpr
	caller *types.Func
}

// how a call runs.
type how int

const (
	direct how = iota
	deferred
	started // go statement
)

// isHelper reports whether the declared function fn is a helper.
func (c *checker) isHelper(fn *types.Func) bool {
	if c.graph == nil {
		c.graph = c.buildGraph()
	}
	return c.graph.helpers[fn]
}

// helperCallers names the callers of the helper fn, in order of position.
func (c *checker) helperCallers(fn *types.Func) string {
	g := c.graph
	var callers []*types.Func
	seen := map[*types.Func]bool{}
	for _, s := range g.sites[fn] {
		if s.caller != nil && s.caller != fn && !seen[s.caller] && !g.dead(s.caller) {
			seen[s.caller] = true
			callers = append(callers, s.caller)
		}
	}
	sort.Slice(callers, func(i, j int) bool { return callers[i].Pos() < callers[j].Pos() })
	const most = 3
	var names []string
	for i, f := range callers {
		if i == most {
			names = append(names, "...")
			break
		}
		names = append(names, f.Name())
	}
	return strings.Join(names, ", ")
}

func (c *checker) buildGraph() *graph {
	g := &graph{
		c:        c,
		sites:    map[*types.Func][]site{},
		detached: map[*types.Func]bool{},
		dispatch: map[string]map[*types.Func]bool{},
		reached:  map[*types.Func]bool{},
		helpers:  map[*types.Func]bool{},
		direct:   map[*types.Func][]directCall{},
		fresh:    map[*types.Func]bool{},
		callers:  map[*types.Func]*funcCheck{},
	}
	var files []*ast.File
	for _, f := range c.pass.Files {
		if !c.isTestFile(f.Pos()) {
			files = append(files, f)
		}
	}
	g.decls = astx.FuncDecls(files, c.pass.TypesInfo)
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Body == nil {
					continue
				}
				fn, _ := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
				s := site{caller: fn, has: callerCtx}
				if c.contextParam(d.Type) != nil {
					s.has = ownCtx
				}
				g.walk(d.Body, s)
			case *ast.GenDecl:
				g.walk(d, site{})
			}
		}
	}
	g.solve()
	return g
}

// solve finds the helpers: a function becomes one when every live call of
// it has a context, until none changes.
func (g *graph) solve() {
	for changed := true; changed; {
		changed = false
		for fn, d := range g.decls {
			if !g.helpers[fn] && g.c.contextParam(d.Type) == nil && g.calledWithContext(fn) {
				g.helpers[fn] = true
				changed = true
			}
		}
	}
}

// calledWithContext reports whether fn has a live caller and every live
// call of it (recursive calls left out) runs where a context is.
func (g *graph) calledWithContext(fn *types.Func) bool {
	if g.detached[fn] || len(g.sites[fn]) == 0 {
		return false
	}
	n := 0
	for _, s := range g.sites[fn] {
		if s.caller == fn && s.has == callerCtx || s.caller != nil && g.dead(s.caller) {
			continue
		}
		if s.has == noCtx || s.has == callerCtx && !g.helpers[s.caller] {
			return false
		}
		n++
	}
	return n > 0 && !g.dispatched(fn)
}

// dead reports whether fn can never run: unexported, never called nor
// used in the package (but for its own recursive calls), and not init or
// main.
func (g *graph) dead(fn *types.Func) bool {
	if fn.Exported() || fn.Name() == "init" || fn.Name() == "main" || g.detached[fn] || g.dispatched(fn) {
		return false
	}
	for _, s := range g.sites[fn] {
		if s.caller != fn {
			return false
		}
	}
	return true
}

// dispatched reports whether the method fn may be called through an
// interface method called in the package: its callers are not seen.
func (g *graph) dispatched(fn *types.Func) bool {
	if r, done := g.reached[fn]; done {
		return r
	}
	r := g.dispatchedBy(fn)
	g.reached[fn] = r
	return r
}

func (g *graph) dispatchedBy(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	for m := range g.dispatch[fn.Name()] {
		iface, ok := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
		if !ok || types.Implements(recv.Type(), iface) {
			return true
		}
		if _, isPtr := recv.Type().(*types.Pointer); !isPtr && types.Implements(types.NewPointer(recv.Type()), iface) {
			return true
		}
	}
	return false
}

// walk records the calls in root, made by code that has the context s
// says.
func (g *graph) walk(root ast.Node, s site) {
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			g.walk(n.Body, g.litSite(n.Type, s.caller, noCtx))
			return false
		case *ast.CallExpr:
			g.call(n, s, direct)
			return false
		case *ast.GoStmt:
			g.call(n.Call, s, started)
			return false
		case *ast.DeferStmt:
			g.call(n.Call, s, deferred)
			return false
		case *ast.Ident:
			if fn := g.local(n); fn != nil {
				g.detached[fn] = true // a function value: run who knows when
			}
		}
		return true
	})
}

// litSite is the context of the code in a function literal of caller:
// its own when it has a context parameter, has otherwise.
func (g *graph) litSite(ftype *ast.FuncType, caller *types.Func, has ctxKind) site {
	if g.c.contextParam(ftype) != nil {
		has = ownCtx
	}
	return site{caller: caller, has: has}
}

// call records call, made where s says and run as h says, and walks its
// parts.
func (g *graph) call(call *ast.CallExpr, s site, h how) {
	callee := k8s.Callee(g.c.pass.TypesInfo, call)
	if callee != nil {
		if sig := callee.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
			if g.dispatch[callee.Name()] == nil {
				g.dispatch[callee.Name()] = map[*types.Func]bool{}
			}
			g.dispatch[callee.Name()][callee] = true
		}
	}
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) { // an instantiation: f[T](...)
	case *ast.IndexExpr:
		g.walk(f.Index, s)
		fun = ast.Unparen(f.X)
	case *ast.IndexListExpr:
		for _, i := range f.Indices {
			g.walk(i, s)
		}
		fun = ast.Unparen(f.X)
	}
	var name *ast.Ident
	switch f := fun.(type) {
	case *ast.Ident:
		name = f
	case *ast.SelectorExpr:
		name = f.Sel
		g.walk(f.X, s)
	case *ast.FuncLit:
		has := noCtx // deferred or started: may run when the context is done
		if h == direct {
			has = s.has
		}
		g.walk(f.Body, g.litSite(f.Type, s.caller, has))
	default:
		g.walk(fun, s)
	}
	if fn := g.local(name); fn != nil {
		switch h {
		case direct:
			g.sites[fn] = append(g.sites[fn], s)
			g.direct[fn] = append(g.direct[fn], directCall{call, s.caller})
		case deferred, started:
			g.detached[fn] = true
		}
	}
	sync := h == direct && k8s.RunsCallbackBeforeReturn(callee)
	for _, a := range call.Args {
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok && sync {
			g.walk(lit.Body, g.litSite(lit.Type, s.caller, s.has))
			continue
		}
		g.walk(a, s)
	}
}

// local returns the declared function of the package id refers to, or
// nil.
func (g *graph) local(id *ast.Ident) *types.Func {
	if id == nil {
		return nil
	}
	fn, ok := g.c.pass.TypesInfo.Uses[id].(*types.Func)
	if !ok {
		return nil
	}
	fn = fn.Origin()
	if _, ok := g.decls[fn]; !ok {
		return nil
	}
	return fn
}

// isTestFile reports whether pos lies in a _test.go file.
func (c *checker) isTestFile(pos token.Pos) bool {
	return astx.InTestFile(c.pass.Fset, pos)
}

// freshContextOnly reports whether every call of fn in the package gives
// its context parameter (the index-th) a context made with
// context.Background() or context.TODO(), or nil: fn is unexported, not
// used as a value, started or deferred, nor reached through an interface,
// so its context is never one that a reconcile cancels, and an API call
// made with a fresh context instead is cancelled no less (argo-cd's
// appcontroller persistAppStatus, called with context.Background() and
// nil).
func (c *checker) freshContextOnly(fn *types.Func, index int) bool {
	if c.graph == nil {
		c.graph = c.buildGraph()
	}
	g := c.graph
	if fn == nil || index < 0 || fn.Exported() || g.detached[fn] || g.dispatched(fn) {
		return false
	}
	if fresh, done := g.fresh[fn]; done {
		return fresh // also false while fn is being judged (a cycle)
	}
	g.fresh[fn] = false
	fresh := c.freshCalls(fn, index)
	g.fresh[fn] = fresh
	return fresh
}

// freshCalls is freshContextOnly's judgement of the calls of fn.
func (c *checker) freshCalls(fn *types.Func, index int) bool {
	g := c.graph
	n := 0
	for _, dc := range g.direct[fn] {
		if dc.caller == fn {
			continue // recursion: judged by its other calls
		}
		if index >= len(dc.call.Args) || dc.caller == nil || !c.freshContextArg(dc.caller, dc.call.Args[index]) {
			return false
		}
		n++
	}
	return n > 0
}

// freshContextArg reports whether arg, an argument of a call in caller,
// is nil or a context made with context.Background() or context.TODO()
// (directly, derived, or through local variables all of whose values are
// such contexts).
func (c *checker) freshContextArg(caller *types.Func, arg ast.Expr) bool {
	if id, ok := ast.Unparen(arg).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == types.Universe.Lookup("nil") {
		return true
	}
	fc := c.graph.callerCheck(caller)
	if fc == nil {
		return false
	}
	if origin, _ := fc.background(arg); origin != "" {
		return true
	}
	// The caller's own context parameter, itself only ever fresh
	// (argo-cd's persistReconciliationStatus hands its ctx on).
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok || fc.ctx == nil || c.pass.TypesInfo.Uses[id] != fc.ctx {
		return false
	}
	return c.freshContextOnly(caller, paramIndex(caller, fc.ctx))
}

// callerCheck returns the funcCheck of the declared function caller,
// which judges the contexts of its calls (its variables' values are
// collected once), or nil.
func (g *graph) callerCheck(caller *types.Func) *funcCheck {
	if fc, ok := g.callers[caller]; ok {
		return fc
	}
	var fc *funcCheck
	if d := g.decls[caller]; d != nil && d.Body != nil {
		fc = &funcCheck{c: g.c, ctx: g.c.contextParam(d.Type), body: d.Body}
	}
	g.callers[caller] = fc
	return fc
}
