package cachemutation

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
	"github.com/opvet/opvet/internal/report"
	objflowpass "github.com/opvet/opvet/passes/objflow"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "cachemutation"

// Config is the check's configuration (no options).
type Config struct{}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Requires: []*analysis.Analyzer{inspect.Analyzer, objflowpass.Analyzer},
	Run: func(pass *analysis.Pass, rep *report.Reporter, _ Config) error {
		run(pass, rep)
		return nil
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

// checker holds what one pass needs; nothing outlives the pass.
type checker struct {
	pass *analysis.Pass
	rep  *report.Reporter
	flow *objflow.Package
	// reported are the positions reported: a deferred literal is
	// analysed on its own and inline in its function.
	reported map[token.Pos]bool
}

func run(pass *analysis.Pass, rep *report.Reporter) {
	c := &checker{
		pass:     pass,
		rep:      rep,
		flow:     pass.ResultOf[objflowpass.Analyzer].(*objflow.Package),
		reported: map[token.Pos]bool{},
	}
	// Every finding is an object of a cache read made in the package, or
	// returned by a function of the module that makes one: skip packages
	// that have neither before walking their syntax.
	if !c.flow.HasEventHandlers() && !c.flow.ImportsCachedResults() &&
		!k8s.MayReadCache(pass.Pkg, pass.TypesInfo, pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)) {
		return
	}
	// Every finding is an object of a cache read made in the function or
	// returned by a function of the package that reads one: skip the
	// other functions before any flow analysis.
	var funcs []ast.Node
	scans := map[ast.Node]*scan{}
	for _, f := range pass.Files {
		if astx.InTestFile(pass.Fset, f.Package) {
			continue // a test's stores are its own fakes, changed on purpose
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				funcs = append(funcs, n)
				scans[n] = c.scan(n)
			}
			return true
		})
	}
	sources := c.sources(scans)
	for _, n := range funcs {
		if s := scans[n]; s.reads || slices.ContainsFunc(s.callees, func(fn *types.Func) bool { return sources[fn] }) {
			c.function(c.flow.Func(n))
		}
	}
}

// readNames are the names of the methods that read a shared cache.
var readNames = map[string]bool{"Get": true, "List": true, "GetByKey": true, "ByIndex": true, "Index": true}

// scan is what the body of a function (not of its function literals)
// calls: a shared cache's reads, functions of the package.
type scan struct {
	reads   bool
	callees []*types.Func
}

func (c *checker) scan(fn ast.Node) *scan {
	// An informer's event handler receives the cache's objects.
	s := &scan{reads: c.flow.IsEventHandler(fn)}
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == fn
		case *ast.CallExpr:
			if !s.reads && readNames[k8s.CalleeName(n.Fun)] && c.cachedRead(n) != nil {
				s.reads = true
			}
			callee := k8s.Callee(c.pass.TypesInfo, n)
			switch {
			case callee == nil:
			case c.flow.Decl(callee) != nil:
				s.callees = append(s.callees, callee)
			case !s.reads && callee.Pkg() != c.pass.Pkg && c.flow.SummaryOf(callee).ReturnsCached():
				// A function of another package of the module that
				// returns the cache's objects.
				s.reads = true
			}
		}
		return true
	})
	return s
}

// sources returns the functions of the package that may return objects
// of a shared cache: those with results that read a cache or call such a
// function.
func (c *checker) sources(scans map[ast.Node]*scan) map[*types.Func]bool {
	decls := map[*types.Func]*scan{}
	for n, s := range scans {
		if fd, ok := n.(*ast.FuncDecl); ok {
			if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && fn.Type().(*types.Signature).Results().Len() > 0 {
				decls[fn] = s
			}
		}
	}
	out := map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for fn, s := range decls {
			if !out[fn] && (s.reads || slices.ContainsFunc(s.callees, func(g *types.Func) bool { return out[g] })) {
				out[fn], changed = true, true
			}
		}
	}
	return out
}

// cachedRead returns the read call is when it returns or fills objects
// shared with a cache, nil otherwise.
func (c *checker) cachedRead(call *ast.CallExpr) *k8s.Read {
	r, ok := k8s.ClassifyRead(c.pass.TypesInfo, call)
	if !ok || !r.Cached {
		return nil
	}
	return &r
}

// function reports the first change of each cached object of f, in
// source order: one copy fixes them all.
func (c *checker) function(f *objflow.Func) {
	changes := slices.Clone(f.Changes)
	slices.SortStableFunc(changes, func(a, b *objflow.ChangeSite) int { return int(a.Pos - b.Pos) })
	done := map[origin]bool{}
	// The callees whose changes of an origin's objects were reported.
	calls := map[calledFor]bool{}
	var guarded map[token.Pos]bool
	for _, cs := range changes {
		if cs.Presumed || len(cs.Path) == 0 || c.reported[cs.Pos] {
			continue
		}
		for _, id := range cs.Objects {
			facts := cs.Facts(id)
			if !facts.Has(objflow.Cached) && facts.Has(objflow.SharesCache) && guarded == nil {
				guarded = nilGuarded(f.Node)
			}
			if !corrupts(cs, facts, guarded) {
				continue
			}
			read := c.origin(f, cs, id, map[int32]bool{})
			made := c.madeIn(cs)
			key := origin{read: read, made: made}
			if read == nil {
				key.read = f.Value(id).Node
			}
			at := cs.Pos
			if made != nil {
				at = cs.Made.Pos // in the function that changes and writes it
			}
			call := calledFor{key, cs.What}
			if !throughCall(cs.Change) {
				call.what = ""
			}
			if (!done[key] || firstOnItsPaths(cs, facts) && !calls[call]) && !c.reported[at] {
				done[key] = true
				if call.what != "" {
					calls[call] = true
				}
				c.reported[at] = true
				c.report(f, cs, facts, read, made != nil)
			} else if c.reported[at] {
				// Reported for another origin (a helper's change, called
				// with the objects of two reads): this origin's finding.
				done[key] = true
			}
			break
		}
	}
}

// firstOnItsPaths reports whether some path reaches cs with the object
// unchanged, or no change precedes it (facts are its facts just before
// cs): a change on another branch than the first one reported (if ... {
// obj.Spec.F[k] = v } else { delete(obj.Spec.F, k) }), or after a branch
// that changed the object and then re-bound the variable to the server's
// response, is a finding of its own. Changes that reach cs only around a
// loop, from later in the body, do not count. After if x.F == nil { x.F =
// ... }, x.F[k] = v is a finding of its own: on the path where the map was
// there, it is the first change, the write into the cache's map. The
// caller reports a function's changes once for each origin (c.fail(crt)
// on each error path is one finding).
func firstOnItsPaths(cs *objflow.ChangeSite, facts *objflow.Facts) bool {
	if cs.Made != nil {
		// Made, and reported, where a function of the package changes
		// and writes it.
		return false
	}
	if facts == nil {
		return true
	}
	for _, ch := range facts.Changes {
		if ch.Pos < cs.Pos && !facts.Has(objflow.Unchanged) {
			// Changed before on every path (Unchanged: on some path to cs
			// nothing changed it yet).
			return false
		}
	}
	return true
}

// throughCall reports whether c is made by a call other than the
// builtins delete and clear, whose What is the call ("delete(m, k)"):
// an assignment's What is "the assignment to x.F", a call's the callee
// ("r.setReady").
func throughCall(c objflow.Change) bool {
	return c.What != "" && !strings.HasSuffix(c.What, ")") && !strings.HasPrefix(c.What, "the assignment to ")
}

// origin is what one finding speaks for: the changes of the objects of
// one read (or one object's node, when the read is unknown) made in one
// function; one copy there fixes them all.
type origin struct {
	read, made ast.Node
}

// calledFor is a callee (Change.What of a change seen through a call)
// whose changes of the objects of an origin were reported.
type calledFor struct {
	origin
	what string
}

// madeIn returns the function of the package where cs is made when it
// is seen through calls of the package's functions (Change.Made), nil
// when it is made here or where is unknown.
func (c *checker) madeIn(cs *objflow.ChangeSite) ast.Node {
	if cs.Made == nil {
		return nil
	}
	return c.funcAt(cs.Made.Pos)
}

// funcAt returns the innermost function declaration or literal of the
// package's files that holds pos, nil when none does.
func (c *checker) funcAt(pos token.Pos) ast.Node {
	for _, f := range c.pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			path, _ := astutil.PathEnclosingInterval(f, pos, pos)
			for _, n := range path {
				switch n.(type) {
				case *ast.FuncDecl, *ast.FuncLit:
					return n
				}
			}
		}
	}
	return nil
}

// corrupts reports whether the change cs writes memory of a cache: any
// change of a cached object; a change through a map, slice or pointer of
// a shallow copy of one, unless the copy's field was replaced before (a
// map of its own) other than where it was nil (guarded: if x.F == nil {
// x.F = ... }, after which the cache's map is written when there was
// one).
func corrupts(cs *objflow.ChangeSite, facts *objflow.Facts, guarded map[token.Pos]bool) bool {
	switch {
	case facts.Has(objflow.Cached):
		return true
	case !facts.Has(objflow.SharesCache) || !cs.Indirect:
		return false
	}
	for _, prior := range facts.Changes {
		if !prior.Presumed && !prior.Indirect && prior.Pos != cs.Pos && !guarded[prior.Pos] && hasPrefix(cs.Path, prior.Path) {
			return false
		}
	}
	return true
}

// nilGuarded returns the positions of the assignments x = v made in the
// body of if x == nil (or nil == x) in fn.
func nilGuarded(fn ast.Node) map[token.Pos]bool {
	out := map[token.Pos]bool{}
	ast.Inspect(fn, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		x := nilCompared(is.Cond)
		if x == "" {
			return true
		}
		for _, stmt := range is.Body.List {
			if as, ok := stmt.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && types.ExprString(as.Lhs[0]) == x {
				out[as.Lhs[0].Pos()] = true
			}
		}
		return true
	})
	return out
}

// nilCompared returns x of a condition x == nil, or "".
func nilCompared(cond ast.Expr) string {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return ""
	}
	x, y := b.X, b.Y
	if id, ok := ast.Unparen(x).(*ast.Ident); ok && id.Name == "nil" {
		x, y = y, x
	}
	if id, ok := ast.Unparen(y).(*ast.Ident); !ok || id.Name != "nil" {
		return ""
	}
	return types.ExprString(x)
}

func hasPrefix(path, prefix []string) bool {
	return len(prefix) > 0 && len(prefix) <= len(path) && slices.Equal(path[:len(prefix)], prefix)
}

// origin returns the cache read that object id comes from: the call
// that returned it (or the object it is an element or a shallow copy
// of), or the read that filled it; nil when none is found.
func (c *checker) origin(f *objflow.Func, cs *objflow.ChangeSite, id int32, seen map[int32]bool) *ast.CallExpr {
	if seen[id] {
		return nil
	}
	seen[id] = true
	v := f.Value(id)
	if v == nil {
		return nil
	}
	switch v.Kind {
	case objflow.Unknown:
		// A cache read, or a function of the package that returns
		// what one read.
		if call, ok := v.Node.(*ast.CallExpr); ok {
			return call
		}
	case objflow.Load:
		return c.origin(f, cs, v.Base, seen)
	case objflow.Copy:
		for _, src := range cs.Facts(id).Sources {
			if call := c.origin(f, cs, src, seen); call != nil {
				return call
			}
		}
		return nil
	}
	return c.readInto(f, id)
}

// readInto returns the first cache read of f that fills object id
// (Get or List with client.UnsafeDisableDeepCopy), or nil.
func (c *checker) readInto(f *objflow.Func, id int32) *ast.CallExpr {
	var out *ast.CallExpr
	ast.Inspect(f.Node, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if out != nil || !ok || !readNames[k8s.CalleeName(call.Fun)] {
			return out == nil
		}
		r := c.cachedRead(call)
		site := f.Call(call)
		if r == nil || r.Object == nil || site == nil {
			return true
		}
		for i, arg := range call.Args {
			if arg == r.Object && i < len(site.Args) && site.Args[i].Has(id) {
				out = call
			}
		}
		return true
	})
	return out
}

// report reports the change cs of a cached object (or a shallow copy of
// one) that comes from read (nil when unknown): at cs, or, when made
// (Change.Made in a function of the package), where it is made.
func (c *checker) report(f *objflow.Func, cs *objflow.ChangeSite, facts *objflow.Facts, read *ast.CallExpr, made bool) {
	at, how, obj := cs.Pos, cs.What, cs.Object
	handed := "" // the call of this function that hands the object down
	if made {
		at, how, obj = cs.Made.Pos, cs.Made.What, cs.Made.Object
		handed = fmt.Sprintf(", handed down by %s at %s", cs.What, c.line(cs.Pos, at))
	}
	name := "the object"
	if obj != nil {
		name = types.ExprString(stripAddr(obj))
	}
	what := fmt.Sprintf("%s changes the %s of %s", how, cs.Label(), name)
	switch {
	case c.isContent(obj):
		what = fmt.Sprintf("%s changes %s, the content map of an object", how, name)
		if !strings.HasPrefix(how, "the assignment to ") && !strings.HasPrefix(how, "delete(") {
			what = fmt.Sprintf("%s(%s) changes the content map of an object", how, name)
		}
	case strings.HasPrefix(how, "the assignment to "):
		what = fmt.Sprintf("%s changes %s", how, name)
	}
	var whose string
	src := c.describeRead(read, at)
	switch {
	case facts.Has(objflow.Cached) && src != "":
		whose = fmt.Sprintf("which %s returned from the shared informer cache", src)
	case facts.Has(objflow.Cached):
		whose = "which comes from the shared informer cache"
	case src != "":
		whose = fmt.Sprintf("a shallow copy of a cached object (%s) whose maps and slices are the cache's", src)
	default:
		whose = "a shallow copy of a cached object whose maps and slices are the cache's"
	}
	if !facts.Has(objflow.Cached) {
		whose = "which is " + whose
	}
	// Maps written in place crash the process when written concurrently;
	// a field, a slice element or a pointed-to value set races with the
	// cache's readers.
	consequence := "so every other reader of the cache sees the change (a data race with those readers) and the " +
		"cache no longer matches the cluster"
	if m := mapWrite(f, cs); m != nil {
		maps := "its maps"
		if m != cs {
			maps = "its maps (" + m.What + " at " + c.line(m.Pos, at) + ")"
		}
		consequence = "so every other reader of the cache sees the change and concurrent writes of " + maps +
			" crash the process with \"fatal error: concurrent map writes\", which recover cannot catch"
	}
	d := analysis.Diagnostic{
		Pos:     at,
		Message: fmt.Sprintf("%s, %s%s, %s; %s", what, whose, handed, consequence, c.fix(obj)),
	}
	if read != nil {
		// The read the message names by line, for drivers that show it.
		d.Related = []analysis.RelatedInformation{{Pos: read.Pos(), End: read.End(), Message: src + " returns the cached object"}}
	}
	if handed != "" {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: cs.Pos, Message: cs.What + " hands the cached object down"})
	}
	c.rep.Report(d)
}

// line names the line of pos for a message reported at from: "line 12"
// in the same file, else "file.go:12".
func (c *checker) line(pos, from token.Pos) string {
	p, q := c.pass.Fset.Position(pos), c.pass.Fset.Position(from)
	if p.Filename == q.Filename {
		return fmt.Sprintf("line %d", p.Line)
	}
	return astx.ShortPos(c.pass.Fset, pos)
}

// mapWrite returns cs, or another change of its objects in f (one copy
// fixes them all, so one finding speaks for them, and names that change
// when it is another), that writes into a map of the object in place:
// Labels[k] = v, delete(obj.Spec.M, k), any change of an unstructured
// object; nil when none does.
func mapWrite(f *objflow.Func, cs *objflow.ChangeSite) *objflow.ChangeSite {
	intoMap := func(c *objflow.ChangeSite) bool {
		return c.Indirect && slices.ContainsFunc(c.Objects, func(id int32) bool { return throughMap(f.Value(id).Type, c.Path) })
	}
	if intoMap(cs) {
		return cs
	}
	for _, other := range f.Changes {
		if other.Objects.Intersects(cs.Objects) && intoMap(other) {
			return other
		}
	}
	return nil
}

// throughMap reports whether the field path of an object of type t
// (ObjectMeta left out, indexes skipped) reaches a map: the path of a
// change that writes in place then writes into that map. An unknown
// field is not a map.
func throughMap(t types.Type, path []string) bool {
	if t == nil {
		return false
	}
	if k8s.IsUnstructured(t) {
		return true // its fields are the Object map's entries
	}
	if types.IsInterface(t) && len(path) > 0 && path[0] == "Object" {
		return true // the content map of an object that may be unstructured
	}
	for _, name := range path {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		field, ok := obj.(*types.Var)
		if !ok {
			return false
		}
		t = field.Type()
		for {
			switch u := t.Underlying().(type) {
			case *types.Map:
				return true
			case *types.Pointer:
				t = u.Elem()
				continue
			case *types.Slice:
				t = u.Elem()
				continue
			case *types.Array:
				t = u.Elem()
				continue
			}
			break
		}
	}
	return false
}

// describeRead names a cache read for a message reported at pos: "the
// PodNamespaceLister Get at line 40", "the List with
// client.UnsafeDisableDeepCopy at line 12", "c.getWidget at line 7" (a
// function of the package that returns one); "" for nil.
func (c *checker) describeRead(call *ast.CallExpr, pos token.Pos) string {
	if call == nil {
		return ""
	}
	fn := k8s.Callee(c.pass.TypesInfo, call)
	line := c.line(call.Pos(), pos)
	r := c.cachedRead(call)
	switch {
	case r == nil || fn == nil:
		return fmt.Sprintf("%s at %s", types.ExprString(call.Fun), line)
	case r.Shallow:
		return fmt.Sprintf("the %s with client.UnsafeDisableDeepCopy at %s", fn.Name(), line)
	}
	return fmt.Sprintf("the %s %s at %s", c.readerName(call, fn), fn.Name(), line)
}

// readerName names the reader of a read: the named type of the receiver
// as written (an Indexer's GetByKey), else the method's declaring type.
func (c *checker) readerName(call *ast.CallExpr, fn *types.Func) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if n := k8s.NamedOf(c.pass.TypesInfo.TypeOf(sel.X)); n != nil {
			return n.Obj().Name()
		}
	}
	return k8s.RecvNamed(fn).Obj().Name()
}

// isContent reports whether obj, the changed object as written, is the
// content map of an unstructured object (m[k] = v after m :=
// u.UnstructuredContent()).
func (c *checker) isContent(obj ast.Expr) bool {
	return obj != nil && k8s.IsContentMap(c.pass.TypesInfo.TypeOf(obj))
}

// fix says what to write instead: copy the object before changing it.
func (c *checker) fix(obj ast.Expr) string {
	if obj == nil {
		return "change a deep copy instead (DeepCopy)"
	}
	if c.isContent(obj) {
		return "take the content map of a deep copy of the object instead (DeepCopy)"
	}
	obj = stripAddr(obj)
	t := c.pass.TypesInfo.TypeOf(obj)
	method := "DeepCopy"
	if astx.Method(t, c.pass.Pkg, "DeepCopy") == nil {
		method = "DeepCopyObject"
	}
	text := types.ExprString(obj)
	if method == "DeepCopyObject" && astx.Method(t, c.pass.Pkg, method) == nil {
		// A metav1.Object (an event's MetaNew): only the object it is
		// the metadata of can be copied.
		return fmt.Sprintf("change a deep copy of the object instead of %s", text)
	}
	if _, isVar := obj.(*ast.Ident); isVar && t != nil && !isStructValue(t) {
		return fmt.Sprintf("copy it before changing it: %s = %s.%s()", text, text, method)
	}
	return fmt.Sprintf("change a deep copy instead (%s.%s())", text, method)
}

func isStructValue(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

func stripAddr(e ast.Expr) ast.Expr {
	e, _ = astx.StripAddr(e)
	return e
}
