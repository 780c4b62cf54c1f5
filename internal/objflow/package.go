package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"sync"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/runcache"
)

// Package is the object flow of one package. Functions are analysed on
// first request, each once (several checks ask for the same function
// concurrently); summaries of callees are computed under one lock, so a
// Package is safe for concurrent use and its answers never change.
type Package struct {
	fset  *token.FileSet
	types *types.Package
	info  *types.Info
	files []*ast.File
	// imported are the summaries of functions of other packages of the
	// main module (their facts).
	imported Imported
	decls    map[*types.Func]*ast.FuncDecl
	funcs    map[ast.Node]*lazyFunc // every function declaration and literal

	// writes are the functions that call a client write by name, or a
	// function of the package that does.
	writes map[ast.Node]bool
	// patching are the functions that call MergeFrom and friends by
	// name, and those that enclose them.
	patching map[ast.Node]bool
	// snapshotting are the functions that call cluster-api's
	// patch.NewHelper, or a function that takes such a snapshot of an
	// object it is given (snapshot.go).
	snapshotting map[ast.Node]bool
	// handlers are the functions that an informer calls with the objects
	// of its cache (event handlers): their object parameters are Cached.
	handlers map[ast.Node]bool
	// callbacks are the function literals bound to the function-typed
	// parameters of the package's unexported functions (bound.go).
	callbacks boundCallbacks
	boundArgs map[*ast.FuncLit][]boundArg
	// boundBy are the literals bound to each function's parameters.
	boundBy map[ast.Node][]*ast.FuncLit

	mu         sync.Mutex
	summaries  map[*types.Func]*Summary
	inProgress map[*types.Func]bool
	// summarized are the analyses made for summaries, which Func reuses.
	summarized map[ast.Node]*Func

	cache typeCache
	// summarizable caches, per function, whether it takes or returns
	// objects; holderMethods, whether it takes a holder of them.
	summarizable  sync.Map // *types.Func -> bool
	holderMethods sync.Map // *types.Func -> bool
	// eqs caches what the package's boolean functions imply of their
	// parameters (equal.go).
	eqs sync.Map // *types.Func -> *equalities
	// recvEffects caches what pointer methods of field types do to their
	// receiver; sources, the files of other packages parsed to tell
	// (recvmethod.go).
	recvEffects sync.Map // *types.Func -> recvEffect
	sources     sync.Map // file name -> *parsedSource
	runCache    *runcache.Cache
	// impls resolves calls of the module's interfaces (implements.go).
	impls implementations
}

// writeNames are the names of the client methods that write objects.
var writeNames = map[string]bool{
	"Update": true, "UpdateStatus": true, "Patch": true, "Create": true, "Apply": true, "ApplyStatus": true,
	"CreateOrUpdate": true, "CreateOrPatch": true,
}

type lazyFunc struct {
	once sync.Once
	f    *Func
}

// New prepares the object flow of the package made of files, whose
// syntax the inspector in indexes (nil: the files are walked), with the summaries
// of the functions of other packages that it may call (nil: none).
// Nothing is analysed until asked for.
func New(fset *token.FileSet, pkg *types.Package, info *types.Info, files []*ast.File, in *inspector.Inspector, imported Imported) *Package {
	p := &Package{
		fset: fset, types: pkg, info: info, files: files, imported: imported,
		decls:      map[*types.Func]*ast.FuncDecl{},
		funcs:      map[ast.Node]*lazyFunc{},
		summaries:  map[*types.Func]*Summary{},
		inProgress: map[*types.Func]bool{},
	}
	if in != nil {
		p.index(in.Nodes)
	} else {
		p.index(func(filter []ast.Node, f func(ast.Node, bool) bool) { walkFiles(files, filter, f) })
	}
	return p
}

// walkFiles calls f as inspector.Nodes does, on the nodes of files whose
// type filter lists, without building an inspector: a package analysed
// only for the summaries its importers read needs one walk, and an
// inspector's event list is ten bytes of memory per byte of source
// (docs/design.md, "Summaries across the module's packages").
func walkFiles(files []*ast.File, filter []ast.Node, f func(ast.Node, bool) bool) {
	want := make(map[reflect.Type]bool, len(filter))
	for _, n := range filter {
		want[reflect.TypeOf(n)] = true
	}
	var stack []ast.Node // the nodes being visited; nil for those f does not see
	visit := func(n ast.Node) bool {
		if n == nil {
			if top := stack[len(stack)-1]; top != nil {
				f(top, false)
			}
			stack = stack[:len(stack)-1]
			return false
		}
		if !want[reflect.TypeOf(n)] {
			stack = append(stack, nil)
			return true
		}
		if !f(n, true) {
			return false
		}
		stack = append(stack, n)
		return true
	}
	for _, file := range files {
		ast.Inspect(file, visit)
	}
}

// callRef is a call and the innermost function that makes it.
type callRef struct {
	fn   ast.Node
	call *ast.CallExpr
}

// index finds the functions of the package, and which of them write
// objects: those that call a client write by name and, to a fixpoint,
// those that hand an object to a function of the package that writes.
func (p *Package) index(nodes func(filter []ast.Node, f func(ast.Node, bool) bool)) {
	p.writes = map[ast.Node]bool{}
	p.patching = map[ast.Node]bool{}
	p.snapshotting = map[ast.Node]bool{}
	var stack []ast.Node // enclosing functions
	var calls []callRef  // calls of functions of the package, resolved below
	// Only a call of a function of the package, or of an imported
	// function that writes, can make its caller write: their names,
	// collected before the walk, keep the other calls out of calls.
	names := map[string]bool{}
	for _, f := range p.files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				names[fd.Name.Name] = true
			}
		}
	}
	snapNames := map[string]bool{}
	if k8s.Imports(p.types, k8s.ClusterAPIPatch, k8s.ClusterAPIPatchV1Beta1) {
		snapNames["NewHelper"] = true
	}
	for fn, s := range p.imported {
		if s.writes() {
			names[fn.Name()] = true
		}
		if len(s.Snapshots) > 0 {
			snapNames[fn.Name()] = true
		}
	}
	var snapCalls []callRef // calls that may take a snapshot, resolved below
	filter := []ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.CompositeLit)(nil),
		(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)}
	// inlined maps a function literal that runs inline in the function
	// that holds it to that function: a literal called where it is
	// written (deferred ones run at the exits, runDeferred), one handed to
	// a synchronous API or held in a local variable (inline.go), so its
	// writes are that function's too. A variable's literal that turns out
	// to be used otherwise only makes the function analysed when nothing
	// writes.
	inlined := map[ast.Node]ast.Node{}
	var handlerRefs []ast.Expr // functions named as event handlers
	// Only a package that imports client-go's cache or controller-runtime's
	// predicates or handlers can name their handler adapters, predicate.Funcs
	// or handler.Funcs in a literal (saves a type lookup per literal).
	handlerLits := k8s.Imports(p.types, k8s.ClientGoCache, k8s.Predicate, k8s.Handler)
	nodes(filter, func(n ast.Node, push bool) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if lit, ok := ast.Unparen(n.Rhs[len(n.Rhs)-1]).(*ast.FuncLit); ok && push && n.Tok == token.DEFINE && len(stack) > 0 {
				inlined[lit] = stack[len(stack)-1]
			}
		case *ast.ValueSpec:
			if len(n.Values) > 0 && push && len(stack) > 0 {
				if lit, ok := ast.Unparen(n.Values[len(n.Values)-1]).(*ast.FuncLit); ok {
					inlined[lit] = stack[len(stack)-1] // var f = func() {...}
				}
			}
		case *ast.CompositeLit:
			if push && handlerLits {
				handlerRefs = append(handlerRefs, p.eventHandlerFields(n)...)
			}
		case *ast.FuncDecl:
			if n.Body == nil {
				return false
			}
			if !push {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			if fn, ok := p.info.Defs[n.Name].(*types.Func); ok {
				p.decls[fn] = n
				if k8s.IsEventHandlerMethod(fn, p.types) || k8s.IsPredicateMethod(fn) || k8s.IsHandlerMethod(fn) {
					p.markHandler(n)
				}
			}
			p.funcs[n] = &lazyFunc{}
		case *ast.FuncLit:
			if !push {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			p.funcs[n] = &lazyFunc{}
		case *ast.CallExpr:
			if !push || len(stack) == 0 {
				return true
			}
			top := stack[len(stack)-1]
			name := k8s.CalleeName(n.Fun)
			if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
				inlined[lit] = top // func() {...}(), defer func() {...}()
			}
			if k8s.IsSyncCallbackName(name) && len(n.Args) > 0 {
				if lit, ok := ast.Unparen(n.Args[len(n.Args)-1]).(*ast.FuncLit); ok {
					if _, sync := k8s.SyncCallback(k8s.Callee(p.info, n)); sync {
						inlined[lit] = top
					}
				}
			}
			if writeNames[name] {
				p.writes[top] = true
			} else if names[name] {
				calls = append(calls, callRef{top, n})
			}
			if snapNames[name] {
				snapCalls = append(snapCalls, callRef{top, n})
			}
			if (name == "NewPredicateFuncs" || name == "NewTypedPredicateFuncs") && len(n.Args) == 1 {
				if fn := k8s.Callee(p.info, n); fn != nil && k8s.PkgPath(fn.Pkg()) == k8s.Predicate {
					// The filter is called with the cache's objects.
					handlerRefs = append(handlerRefs, n.Args[0])
				}
			}
			if k8s.IsMergeFromName(name) && !p.patching[top] {
				for _, fn := range stack {
					p.patching[fn] = true
				}
			}
		}
		return true
	})
	for _, e := range handlerRefs {
		p.markHandlerRef(e)
	}
	p.indexSnapshots(snapCalls, calls)
	refs := make([]*ast.CallExpr, len(calls))
	for i, c := range calls {
		refs[i] = c.call
	}
	p.indexCallbacks(refs)
	// Calls of the package's functions that hand them an object.
	// Whether a call hands the callee an object is asked only of calls
	// of functions that write (a type lookup per argument).
	type localCall struct {
		fn   *types.Func
		call *ast.CallExpr
	}
	callees := map[ast.Node][]localCall{}
	for _, c := range calls {
		if p.writes[c.fn] {
			continue
		}
		fn := p.resolve(k8s.Callee(p.info, c.call))
		switch {
		case fn == nil:
		case p.decls[fn] != nil:
			callees[c.fn] = append(callees[c.fn], localCall{fn, c.call})
		case p.imported[fn].writes() && p.handsObject(c.call):
			p.writes[c.fn] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for node, calls := range callees {
			if p.writes[node] {
				continue
			}
			for _, c := range calls {
				if p.writes[p.decls[c.fn]] && p.handsObject(c.call) {
					p.writes[node], changed = true, true
					break
				}
			}
		}
		changed = p.boundWrites() || changed
		changed = p.inlinedWrites(inlined) || changed
	}
}

// inlinedWrites marks as writing the functions whose inlined literals
// write, and reports whether it marked one (a step of index's fixpoint).
func (p *Package) inlinedWrites(inlined map[ast.Node]ast.Node) bool {
	changed := false
	for lit, fn := range inlined {
		if p.writes[lit] && !p.writes[fn] {
			p.writes[fn], changed = true, true
		}
	}
	return changed
}

// eventHandlerFields returns the functions a composite literal of
// client-go's event handler adapters, or of controller-runtime's
// predicate.Funcs, holds in its handler fields.
func (p *Package) eventHandlerFields(lit *ast.CompositeLit) []ast.Expr {
	t := p.info.TypeOf(lit)
	if t == nil {
		return nil
	}
	// Most literals are of other types: one package test before the
	// field tests, which each resolve the type again.
	n := k8s.NamedOf(t)
	if n == nil {
		return nil
	}
	switch k8s.PkgPath(n.Obj().Pkg()) {
	case k8s.ClientGoCache, k8s.Predicate, k8s.Handler:
	default:
		return nil
	}
	var out []ast.Expr
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && (k8s.IsEventHandlerField(t, key.Name) || k8s.IsPredicateField(t, key.Name) || k8s.IsHandlerField(t, key.Name)) {
			out = append(out, kv.Value)
		}
	}
	return out
}

// markHandlerRef marks the function an event handler field names: a
// literal, or a function or method of the package.
func (p *Package) markHandlerRef(e ast.Expr) {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		p.markHandler(e)
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := e.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = e.(*ast.Ident)
		}
		if fn, ok := p.info.Uses[id].(*types.Func); ok && p.decls[fn] != nil {
			p.markHandler(p.decls[fn])
		}
	}
}

func (p *Package) markHandler(n ast.Node) {
	if p.handlers == nil {
		p.handlers = map[ast.Node]bool{}
	}
	p.handlers[n] = true
}

// IsEventHandler reports whether a function of the package is called by
// an informer with the objects of its cache.
func (p *Package) IsEventHandler(node ast.Node) bool { return p.handlers[node] }

// HasEventHandlers reports whether the package has informer event
// handlers.
func (p *Package) HasEventHandlers() bool { return len(p.handlers) > 0 }

// ImportsCachedResults reports whether a function of another package of
// the module that this package may call returns objects of a shared cache
// (ReturnsCached).
func (p *Package) ImportsCachedResults() bool {
	for _, s := range p.imported {
		if s.ReturnsCached() {
			return true
		}
	}
	return false
}

// ReturnsCached reports whether some result of the summarised function
// holds objects of a shared cache: itself, or in a field of a holder.
func (s *Summary) ReturnsCached() bool {
	if s == nil {
		return false
	}
	for _, r := range s.Results {
		if r.Bits&(Cached|SharesCache) != 0 {
			return true
		}
		for _, f := range r.Fields {
			if f.Bits&(Cached|SharesCache) != 0 {
				return true
			}
		}
	}
	return false
}

// handsObject reports whether a call's receiver or an argument is an
// object: only then can a write in the callee concern an object of the
// caller (objects in the fields of a holder handed to a writer are not
// followed).
func (p *Package) handsObject(call *ast.CallExpr) bool {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if t := p.info.TypeOf(sel.X); t != nil && holdsObjects(p, t) {
			return true
		}
	}
	for _, arg := range call.Args {
		if t := p.info.TypeOf(arg); t != nil && holdsObjects(p, t) {
			return true
		}
	}
	return false
}

// holdsObjects reports whether a value of type t is an object, a
// collection of objects, or a holder of objects in its fields (a method
// of a per-request struct writes the object in its field).
func holdsObjects(p *Package, t types.Type) bool {
	return p.cache.isTrackable(t) || isHolderType(t, p.cache.isTrackable)
}

// MayWrite reports whether a function of the package may write an object
// to the API server: it calls a client write (by name) or a function of
// the package that may. Checks about writes skip the others before any
// flow analysis.
func (p *Package) MayWrite(node ast.Node) bool { return p.writes[node] }

// MakesPatch reports whether a function of the package calls MergeFrom,
// MergeFromWithOptions or StrategicMergeFrom (by name), itself or in a
// function literal it holds.
func (p *Package) MakesPatch(node ast.Node) bool { return p.patching[node] }

// Func returns the analysis of a function declaration or literal of the
// package, or nil.
func (p *Package) Func(node ast.Node) *Func {
	lf := p.funcs[node]
	if lf == nil {
		return nil
	}
	lf.once.Do(func() {
		p.mu.Lock()
		f := p.summarized[node]
		p.mu.Unlock()
		if f == nil {
			f = p.analyze(node)
		}
		lf.f = f
	})
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

// copyWriteSite is a call that hands objects to a function that writes
// deep copies of them: the objects, their facts at the call (the copies'
// sources) and the writes.
type copyWriteSite struct {
	call    *ast.CallExpr
	objects Set
	facts   map[int32]*Facts
	writes  []k8s.Write
}

// noteCopyWrites records that call hands objects to a function that
// writes deep copies of them.
func (f *Func) noteCopyWrites(call *ast.CallExpr, objects Set, writes []k8s.Write, facts map[int32]*Facts) {
	rec := &copyWriteSite{call: call, objects: objects, facts: facts, writes: writes}
	for i, cw := range f.copyWrites {
		if cw.call == call && slices.Equal(cw.writes, writes) {
			f.copyWrites[i] = rec
			return
		}
	}
	f.copyWrites = append(f.copyWrites, rec)
}

// CopyWriteFacts returns, for each call of f that hands object id to a
// function writing a deep copy of it to the main resource (Effect.
// CopyWrites), the object's facts at that call: what the copy carries.
func (f *Func) CopyWriteFacts(id int32) []*Facts {
	var out []*Facts
	for _, cw := range f.copyWrites {
		if !cw.objects.Has(id) || !slices.ContainsFunc(cw.writes, func(w k8s.Write) bool { return w.Subresource == k8s.SubMain }) {
			continue
		}
		if facts := cw.facts[id]; facts != nil {
			out = append(out, facts)
		}
	}
	return out
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
	Returns []*ReturnSite
	// reads are the reads into objects (Get, List), in source order.
	reads    []*ReadSite
	deferred []*ast.CallExpr
	// The records of the current analysis, replaced when a block runs
	// again; finish turns them into the lists above.
	writeRecs  map[writeKey]*WriteSite
	readRecs   map[*ast.CallExpr]*ReadSite
	returnRecs map[*ast.ReturnStmt]*ReturnSite
	exit       state
	exited     bool
	// quietIfFalse are the indices of the bool results that, where they
	// may be false, say the function did nothing to its parameters'
	// objects (outcome.go); quietKeep, the field-path heads it may change
	// even there.
	quietIfFalse []int
	quietKeep    []string
	// quietIfNil are the indices of the error results that, where they
	// are nil, say the function did nothing to its parameters' objects
	// (quietnil.go).
	quietIfNil []int
	// copyWrites are the calls that hand objects to a function that
	// writes deep copies of them (Effect.CopyWrites), in the order met; a
	// call met again replaces its record.
	copyWrites []*copyWriteSite
	// predicates are the analysis's variables assigned once from a
	// deletion check or timestamp (timestamps.go).
	predicates map[*types.Var]ast.Expr

	// Changes are the changes of objects made by the function, seen or
	// presumed, direct or through a function of the package, in the
	// order met; a change met again when its block runs again is joined.
	Changes   []*ChangeSite
	changeIdx map[changeKey]int
}

// Value returns the abstract object id.
func (f *Func) Value(id int32) *Value {
	if f == nil || id < 0 || int(id) >= len(f.vals.all) {
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

// Contains reports whether pos lies in the function's own syntax. Sites
// of a callback that the function's callers bind, run inline where it
// calls the parameter, lie elsewhere: a message about such a site is that
// of the callback's own analysis, which may report it too (and the
// reporter drops a repeated finding).
func (f *Func) Contains(pos token.Pos) bool {
	return f != nil && f.Node != nil && pos >= f.Node.Pos() && pos < f.Node.End()
}

// Call returns the call site of call, or nil when it is not reached.
func (f *Func) Call(call *ast.CallExpr) *CallSite {
	if f == nil {
		return nil
	}
	return f.calls[call]
}

// CopiedFrom returns the objects, other than copies, that the copy id was
// made from (through copies of copies), as site sees them; nil when a
// source is unknown. A deep copy has its sources' metadata (their
// DeletionTimestamp, their resourceVersion when it was made).
func (f *Func) CopiedFrom(site *CallSite, id int32) Set {
	var out Set
	seen := map[int32]bool{id: true}
	queue := []int32{id}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		sources := site.Facts(cur).Sources
		if len(sources) == 0 {
			return nil
		}
		for _, src := range sources {
			switch v := f.Value(src); {
			case v == nil:
				return nil
			case seen[src]:
			case v.Kind == Copy:
				seen[src] = true
				queue = append(queue, src)
			default:
				seen[src] = true
				out = append(out, src)
			}
		}
	}
	return out
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

// InDeferred reports whether pos lies in a call the function defers
// (a deferred literal's body included): what happens there happens
// after every return statement.
func (f *Func) InDeferred(pos token.Pos) bool {
	for _, d := range f.deferred {
		if pos >= d.Pos() && pos < d.End() {
			return true
		}
	}
	return false
}

// writeKey identifies a write: the call, and for a write made by a
// function of the package, that function and the index of the write.
type writeKey struct {
	call  *ast.CallExpr
	via   *types.Func
	index int
}

func (f *Func) addWrite(k writeKey, w *WriteSite, join bool) {
	if f.writeRecs == nil {
		f.writeRecs = map[writeKey]*WriteSite{}
	}
	if join {
		w.state = w.state.restrictTo(union(w.objects(), w.Object), f.patchCopies(w.CallSite))
	}
	if old, ok := f.writeRecs[k]; ok && join {
		old.state = old.state.joinFacts(w.state)
		old.Object = union(old.Object, w.Object)
		return
	}
	f.writeRecs[k] = w
}

func (f *Func) addRead(r *ReadSite) {
	if f.readRecs == nil {
		f.readRecs = map[*ast.CallExpr]*ReadSite{}
	}
	f.readRecs[r.Call] = r
}

func (f *Func) addReturn(r *ReturnSite) {
	if f.returnRecs == nil {
		f.returnRecs = map[*ast.ReturnStmt]*ReturnSite{}
	}
	f.returnRecs[r.Stmt] = r
}

// finish sorts the records into source order.
func (f *Func) finish() {
	for _, w := range f.writeRecs {
		f.Writes = append(f.Writes, w)
	}
	sort.Slice(f.Writes, func(i, j int) bool {
		a, b := f.Writes[i], f.Writes[j]
		if a.Call.Pos() != b.Call.Pos() {
			return a.Call.Pos() < b.Call.Pos()
		}
		return a.index < b.index
	})
	for _, r := range f.readRecs {
		f.reads = append(f.reads, r)
	}
	sort.Slice(f.reads, func(i, j int) bool { return f.reads[i].Call.Pos() < f.reads[j].Call.Pos() })
	for _, r := range f.returnRecs {
		f.Returns = append(f.Returns, r)
	}
	sort.Slice(f.Returns, func(i, j int) bool { return f.Returns[i].Stmt.Pos() < f.Returns[j].Stmt.Pos() })
	f.writeRecs, f.readRecs, f.returnRecs = nil, nil, nil
}

// patchCopies returns the copies that a site met at every exit keeps
// (see state.restrictTo): those of the function when the site sends a
// patch, whose change may have been made on a copy of its base, and none
// otherwise.
func (f *Func) patchCopies(site *CallSite) Set {
	for _, id := range site.objects() {
		if v := f.Value(id); v != nil && v.Kind == Patch {
			return f.vals.copies
		}
	}
	return nil
}

// record keeps the call site of a call, replacing the record of an
// earlier run of its block; with join (a deferred call, met at every
// exit), joining it.
func (f *Func) record(site *CallSite, join bool) {
	if join {
		site.state = site.state.restrictTo(site.objects(), f.patchCopies(site))
	}
	if old, ok := f.calls[site.Call]; ok && join {
		// A deferred call, met at every exit: join.
		old.state = old.state.joinFacts(site.state)
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
	// ArgObjects are, for arguments that are fields of objects
	// (append(obj.Finalizers, f), &obj.Status.Conditions), those objects;
	// nil when no argument is.
	ArgObjects []Set
	state      state
	// given are the arguments whose objects a generic function of
	// another package can only give the callback it was handed
	// (genericCallback) or return: they are handed to no unseen code.
	given map[int]bool
}

// All returns the facts' bits (none for nil facts).
func (f *Facts) All() Bits {
	if f == nil {
		return 0
	}
	return f.Bits
}

// Facts returns the facts of an object just before the call.
func (c *CallSite) Facts(id int32) *Facts {
	f, _ := pget(c.state.facts, id)
	return f
}

// objects are the objects the call is handed or returns.
func (c *CallSite) objects() Set {
	out := c.Recv
	for _, sets := range [][]Set{c.Args, c.ArgObjects, c.Results} {
		for _, set := range sets {
			out = union(out, set)
		}
	}
	return out
}

// FactsOf returns the joined facts of the objects of set before the call.
func (c *CallSite) FactsOf(set Set) *Facts {
	var out *Facts
	for _, id := range set {
		out = joinFacts(out, c.Facts(id))
	}
	return out
}

// Each calls f with every object known before the call and its facts; for
// a call met at every exit (deferred), only the objects it is handed or
// returns and those their facts name (see state.restrictTo).
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
	Via *types.Func
	// Before are the facts that Via gave the object before its write.
	Before Bits
	// Later are the field paths of the changes that this call applies
	// but that Via made only after its write, or on paths that do not
	// reach it (Effect.Later): at the write they were not pending.
	Later [][]string
	// Field, for a write of Via, names the field of the receiver or
	// argument whose object Via writes (v.process() writes v.obj): the
	// write is the method's own, not a wrapper's for its caller.
	Field string
	// At is, for such a write, the call in the method that sends the
	// field's object (the client call, or the call of a helper given it).
	At *ast.CallExpr
	// fieldExpr names the field's object at this call (v.obj for
	// v.process()), made for messages.
	fieldExpr ast.Expr
	kind      types.Type
	index     int
}

// Facts returns the facts of an object at the write: before the call,
// with what Via did to it before writing it.
func (w *WriteSite) Facts(id int32) *Facts {
	f := w.CallSite.Facts(id)
	if w.Before == 0 {
		return f
	}
	return f.with(func(f *Facts) { f.Bits |= w.Before })
}

// PendingFacts returns the facts of an object at the write without the
// changes that Via made only after the write or on other paths
// (WriteSite.Later): what the write finds pending.
func (w *WriteSite) PendingFacts(id int32) *Facts {
	f := w.Facts(id)
	if len(w.Later) == 0 || f == nil {
		return f
	}
	pos := w.Call.Pos()
	later := func(c Change) bool {
		return c.Pos == pos && slices.ContainsFunc(w.Later, func(p []string) bool { return slices.Equal(p, c.Path) })
	}
	return f.WithoutChanges(later)
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
	if w.Field != "" {
		return w.fieldExpr
	}
	for i, s := range w.Args {
		if sameSet(s, w.Object) && i < len(w.Call.Args) {
			return w.Call.Args[i]
		}
	}
	return nil
}

// ReadSite is a read from the API server or a cache into objects.
type ReadSite struct {
	*CallSite
	// Into are the objects read into, and IntoExpr the argument; for a
	// read that returns its object (client-go's typed and dynamic
	// clients), Into are the objects returned and IntoExpr is nil.
	Into     Set
	IntoExpr ast.Expr
}

// Reads returns the reads into objects, in the order met.
func (f *Func) Reads() []*ReadSite {
	if f == nil {
		return nil
	}
	return f.reads
}

// ChangeSite is one change of objects met by the analysis, with the
// facts of the objects just before it: a check can tell what the object
// was when it was changed (cached, already sent).
type ChangeSite struct {
	Change
	// Objects are the objects changed.
	Objects Set
	// Object is the expression denoting them: the root of the field path
	// written (pod in pod.Labels["a"] = "b"), or the argument or
	// receiver of the call that changes them; nil when unknown.
	Object ast.Expr
	state  state
}

// Facts returns the facts of an object just before the change.
func (c *ChangeSite) Facts(id int32) *Facts {
	f, _ := pget(c.state.facts, id)
	return f
}

// changeSite returns the site of change c of f, nil when f has none.
func (f *Func) changeSite(c Change) *ChangeSite {
	if i, ok := f.changeIdx[changeKey{c.Pos, c.What, c.Label()}]; ok {
		return f.Changes[i]
	}
	return nil
}

type changeKey struct {
	pos        token.Pos
	what, path string
}

// recordChange adds a change site; one met again (a deferred call, at
// each exit) joins the state.
func (f *Func) recordChange(c *ChangeSite, atExit bool) {
	if atExit {
		c.state = c.state.restrictTo(c.Objects, nil) // see state.restrictTo
	}
	key := changeKey{c.Pos, c.What, c.Label()}
	if i, ok := f.changeIdx[key]; ok {
		old := f.Changes[i]
		old.state = old.state.joinFacts(c.state)
		old.Objects = union(old.Objects, c.Objects)
		return
	}
	if f.changeIdx == nil {
		f.changeIdx = map[changeKey]int{}
	}
	f.changeIdx[key] = len(f.Changes)
	f.Changes = append(f.Changes, c)
}

// ReturnSite is a return statement reached, with the objects of its
// results.
type ReturnSite struct {
	Stmt    *ast.ReturnStmt
	Results []Set
	// Fields are, for a result that is a local holder (holders.go), the
	// objects in each of its fields, by result index and field name.
	Fields map[int]map[string]Set
	state  state
}

// Facts returns the facts of an object at the return.
func (r *ReturnSite) Facts(id int32) *Facts {
	f, _ := pget(r.state.facts, id)
	return f
}
