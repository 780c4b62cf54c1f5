package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"

	"github.com/opvet/opvet/internal/k8s"
)

// Package is the object flow of one package. Functions are analysed on
// first request, each once (several checks ask for the same function
// concurrently); summaries of callees are computed under one lock, so a
// Package is safe for concurrent use and its answers never change.
type Package struct {
	fset  *token.FileSet
	types *types.Package
	info  *types.Info
	decls map[*types.Func]*ast.FuncDecl
	funcs map[ast.Node]*lazyFunc // every function declaration and literal

	mu         sync.Mutex
	summaries  map[*types.Func]*Summary
	inProgress map[*types.Func]bool
}

type lazyFunc struct {
	once sync.Once
	f    *Func
}

// New prepares the object flow of the package made of files. Nothing is
// analysed until asked for.
func New(fset *token.FileSet, pkg *types.Package, info *types.Info, files []*ast.File) *Package {
	p := &Package{
		fset: fset, types: pkg, info: info,
		decls:      map[*types.Func]*ast.FuncDecl{},
		funcs:      map[ast.Node]*lazyFunc{},
		summaries:  map[*types.Func]*Summary{},
		inProgress: map[*types.Func]bool{},
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body == nil {
					return false
				}
				if fn, ok := info.Defs[n.Name].(*types.Func); ok {
					p.decls[fn] = n
				}
				p.funcs[n] = &lazyFunc{}
			case *ast.FuncLit:
				p.funcs[n] = &lazyFunc{}
			}
			return true
		})
	}
	return p
}

// Func returns the analysis of a function declaration or literal of the
// package, or nil.
func (p *Package) Func(node ast.Node) *Func {
	lf := p.funcs[node]
	if lf == nil {
		return nil
	}
	lf.once.Do(func() { lf.f = p.analyze(node) })
	return lf.f
}

// Decl returns the declaration of a function of the package, or nil.
func (p *Package) Decl(fn *types.Func) *ast.FuncDecl { return p.decls[fn] }

// mayReturn tells go/cfg which calls return: not panic, log.Fatal,
// os.Exit and friends.
func (p *Package) mayReturn(call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "panic" {
		if _, ok := p.info.Uses[id].(*types.Builtin); ok {
			return false
		}
	}
	fn := k8s.Callee(p.info, call)
	if fn == nil {
		return true
	}
	switch k8s.PkgPath(fn.Pkg()) + "." + fn.Name() {
	case "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln", "log.Panic", "log.Panicf", "log.Panicln":
		return false
	}
	return true
}

// Func is what one function does with objects.
type Func struct {
	Node ast.Node
	vals *values
	// calls are the call sites reached, by call expression.
	calls map[*ast.CallExpr]*CallSite
	// Writes are the writes to the API server, direct or made by a
	// function of the package for its caller, in the order met.
	Writes []*WriteSite
	// Returns are the return statements reached, with their results.
	Returns  []*ReturnSite
	deferred []*ast.CallExpr
	exit     state
	exited   bool
}

// Value returns the abstract object id.
func (f *Func) Value(id int32) *Value {
	if f == nil || int(id) >= len(f.vals.all) {
		return nil
	}
	return f.vals.all[id]
}

// Values returns every abstract object of the function.
func (f *Func) Values() []*Value {
	if f == nil {
		return nil
	}
	return f.vals.all
}

// Call returns the call site of call, or nil when it is not reached.
func (f *Func) Call(call *ast.CallExpr) *CallSite {
	if f == nil {
		return nil
	}
	return f.calls[call]
}

// ExitFacts returns the facts of an object when the function returns
// (joined over every return), nil when it never returns.
func (f *Func) ExitFacts(id int32) *Facts {
	if f == nil || !f.exited {
		return nil
	}
	facts, _ := pget(f.exit.facts, id)
	return facts
}

// Deferred reports whether call is deferred (it runs at every return).
func (f *Func) Deferred(call *ast.CallExpr) bool {
	for _, d := range f.deferred {
		if d == call {
			return true
		}
	}
	return false
}

func (f *Func) record(site *CallSite) {
	if old, ok := f.calls[site.Call]; ok {
		// A deferred call, met at every exit: join.
		old.state = old.state.join(site.state)
		for i := range old.Args {
			if i < len(site.Args) {
				old.Args[i] = union(old.Args[i], site.Args[i])
			}
		}
		old.Recv = union(old.Recv, site.Recv)
		return
	}
	f.calls[site.Call] = site
}

// CallSite is a call reached by the analysis, with the objects of its
// receiver, arguments and results, and the state before it.
type CallSite struct {
	Call    *ast.CallExpr
	Callee  *types.Func
	Recv    Set
	Args    []Set
	Results []Set
	state   state
}

// Facts returns the facts of an object just before the call.
func (c *CallSite) Facts(id int32) *Facts {
	f, _ := pget(c.state.facts, id)
	return f
}

// FactsOf returns the joined facts of the objects of set before the call.
func (c *CallSite) FactsOf(set Set) *Facts {
	var out *Facts
	for _, id := range set {
		out = joinFacts(out, c.Facts(id))
	}
	return out
}

// Each calls f with every object known before the call and its facts.
func (c *CallSite) Each(f func(id int32, facts *Facts)) {
	peach(c.state.facts, f)
}

// WriteSite is a write of objects to the API server.
type WriteSite struct {
	*CallSite
	// Write is the client call: this call, or (Via) the one in the
	// function of the package that this call leads to.
	Write k8s.Write
	// Object are the objects written.
	Object Set
	// Via is the function of the package that writes the object for
	// its caller (a helper or a client wrapper), nil for a direct write.
	Via  *types.Func
	kind types.Type
}

// Kind is the Go type of the object written, when known.
func (w *WriteSite) Kind(info *types.Info) types.Type {
	if w.kind != nil {
		return w.kind
	}
	if w.Via != nil {
		for i, s := range w.Args {
			if sameSet(s, w.Object) {
				return info.TypeOf(w.Call.Args[i])
			}
		}
	}
	return w.Write.Kind
}

// ObjectExpr is the argument of this call that denotes the object.
func (w *WriteSite) ObjectExpr() ast.Expr {
	if w.Via == nil {
		return w.Write.Object
	}
	for i, s := range w.Args {
		if sameSet(s, w.Object) && i < len(w.Call.Args) {
			return w.Call.Args[i]
		}
	}
	return nil
}

// ReturnSite is a return statement reached, with the objects of its
// results.
type ReturnSite struct {
	Stmt    *ast.ReturnStmt
	Results []Set
	state   state
}

// Facts returns the facts of an object at the return.
func (r *ReturnSite) Facts(id int32) *Facts {
	f, _ := pget(r.state.facts, id)
	return f
}
