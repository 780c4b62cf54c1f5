package resourceversion

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
	"github.com/opvet/opvet/internal/report"
	objflowpass "github.com/opvet/opvet/passes/objflow"
	"github.com/opvet/opvet/passes/statussubresource"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "resourceversion"

// Config is the check's configuration.
type Config struct {
	// Builtin enables the report for built-in kinds, whose Update
	// without a resourceVersion succeeds and overwrites concurrent
	// changes (custom resources reject it and are always reported).
	Builtin bool `json:"builtin" help:"also report built-in kinds whose Update without a resourceVersion overwrites concurrent changes (custom resources, and built-in kinds that reject such an update, are always reported)"`
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{Builtin: true} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Requires: []*analysis.Analyzer{inspect.Analyzer, statussubresource.Analyzer, objflowpass.Analyzer},
	Run:      run,
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
	c := &checker{
		pass: pass,
		rep:  rep,
		kind: pass.ResultOf[statussubresource.Analyzer].(*statussubresource.Result),
		flow: pass.ResultOf[objflowpass.Analyzer].(*objflow.Package),
		cfg:  cfg,
		in:   pass.ResultOf[inspect.Analyzer].(*inspector.Inspector),
	}
	astx.Funcs(c.in, func(fn ast.Node) {
		// Only functions that write (themselves or through a function of
		// the package) outside tests can report: skip the rest, and the
		// functions of test files, before any flow analysis.
		if c.flow.MayWrite(fn) && !c.inTest(fn) {
			c.function(c.flow.Func(fn))
		}
	})
	return nil
}

type checker struct {
	pass *analysis.Pass
	rep  *report.Reporter
	kind *statussubresource.Result
	flow *objflow.Package
	cfg  Config
	in   *inspector.Inspector
	// uses indexes the references to the package's functions, built on
	// the first question about a parameter's callers (callers.go).
	uses map[*types.Func][]astx.Use
}

// notFresh are the facts that may give an object a resourceVersion: it
// may come from elsewhere, was filled from the API server or a cache
// (controller-runtime decodes the answer of a Create into the object;
// client-go's Create returns it and leaves the object as it was), handed
// to code opvet cannot see (or captured by a closure), or changed by a
// method that may set anything.
const notFresh = objflow.Foreign | objflow.Filled | objflow.Escaped | objflow.Captured |
	objflow.UnknownChange

// function reports the first Update of each fresh object of f.
func (c *checker) function(f *objflow.Func) {
	c.staleVersions(f)
	reported := map[int32]bool{}
	for _, w := range f.Writes {
		if w.Write.Op != k8s.OpUpdate || len(w.Object) == 0 || c.inTest(w.Call) {
			continue
		}
		fresh := c.freshObjects(f, w)
		if len(fresh) == 0 {
			if !c.versionedOnSomePaths(f, w) {
				c.fetchedElsewhere(f, w)
			}
			continue
		}
		if reported[fresh[0].ID] {
			continue
		}
		for _, v := range fresh {
			reported[v.ID] = true
		}
		c.report(f, w, fresh, len(fresh) < len(w.Object))
	}
}

// fetchedElsewhere reports the Update of an object received as a
// parameter when the function read the current object (into another
// variable, or as the result of a typed or dynamic client's Get), named
// after the parameter, and never gave the parameter a resourceVersion:
// the desired object is sent, the fetched one holds the resourceVersion
// ("existing vs desired" without the copy).
func (c *checker) fetchedElsewhere(f *objflow.Func, w *objflow.WriteSite) {
	if len(w.Object) != 1 {
		return
	}
	obj := f.Value(w.Object[0])
	facts := w.Facts(obj.ID)
	given := c.givenVar(f, obj)
	if given == nil || facts.Has(notFresh&^objflow.Foreign|objflow.DecodedBits) {
		return
	}
	consequence, ok := c.consequence(c.objectType(w, obj), "the update")
	if !ok {
		return
	}
	for _, r := range f.Reads() {
		if r.Call.Pos() > w.Call.Pos() || !mentions(r.Call, given) {
			continue
		}
		name := objectName(w, c.pass.TypesInfo)
		if where, fix, ok := c.currentOf(f, w, obj, r, name); ok {
			if obj.Kind == objflow.Param && c.callersGiveVersion(f, given) {
				return
			}
			c.rep.Report(analysis.Diagnostic{
				Pos: w.Call.Pos(), End: w.Call.End(),
				Message: fmt.Sprintf("%[1]s is sent with %[2]s, but the current object was read %[3]s: %[1]s "+
					"has no resourceVersion unless its caller gave it one, so %[4]s; %[5]s",
					name, callName(w), where, consequence, fix),
			})
			return
		}
	}
}

// givenVar returns the variable through which the caller gave obj: a
// parameter, or the variable of a loop over a parameter's elements (for
// _, desired := range desiredObjects), which holds the caller's objects
// or value copies of them; nil for any other object.
func (c *checker) givenVar(f *objflow.Func, obj *objflow.Value) *types.Var {
	if obj.Kind == objflow.Param {
		return obj.Var
	}
	rs, ok := obj.Node.(*ast.RangeStmt)
	if !ok || !c.isParam(f, rs.X) {
		return nil
	}
	id, ok := rs.Value.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	return v
}

// isParam reports whether x names a parameter of the function of f.
func (c *checker) isParam(f *objflow.Func, x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	var sig *types.Signature
	switch n := f.Node.(type) {
	case *ast.FuncDecl:
		if fn, ok := c.pass.TypesInfo.Defs[n.Name].(*types.Func); ok {
			sig = fn.Signature()
		}
	case *ast.FuncLit:
		sig, _ = c.pass.TypesInfo.TypeOf(n).(*types.Signature)
	}
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	return sig != nil && astx.ParamIndex(sig, v) >= 0
}

// currentOf reports whether the read r fetched the current object of the
// parameter obj written by w (an object of the same type, other than obj),
// and says where it went ("into existing", "by rc.Get at line 12") and
// how to fix the write of name.
func (c *checker) currentOf(f *objflow.Func, w *objflow.WriteSite, obj *objflow.Value, r *objflow.ReadSite, name string) (where, fix string, ok bool) {
	for _, id := range r.Into {
		got := f.Value(id)
		if id == obj.ID || got == nil || !types.Identical(astx.Deref(got.Type), astx.Deref(obj.Type)) {
			continue
		}
		if r.IntoExpr == nil {
			// Returned by the read: the read itself is the evidence,
			// whether the result was kept or dropped.
			get := types.ExprString(r.Call.Fun)
			return fmt.Sprintf("by %s at line %d", get, c.pass.Fset.Position(r.Call.Pos()).Line),
				fmt.Sprintf("copy the resourceVersion of the object %s returns (%s.SetResourceVersion(current.GetResourceVersion())), or update that object", get, name), true
		}
		if w.Facts(id).Has(objflow.Filled) {
			current := types.ExprString(astx.StripStar(stripAddr(r.IntoExpr)))
			return "into " + current,
				fmt.Sprintf("copy the resourceVersion (%s.ResourceVersion = %s.ResourceVersion) or update %s", name, current, current), true
		}
	}
	return "", "", false
}

// mentions reports whether the call reads the object of the variable v:
// it names v itself (ObjectKeyFromObject(v), v handed as the object) or
// v's name (v.Name, v.GetName(), v.ObjectMeta.Name). A key made of v's
// namespace and a name from elsewhere (types.NamespacedName{Namespace:
// lv.Namespace, Name: lv.Spec.Source}, topolvm's source volume) reads
// another object.
func mentions(call *ast.CallExpr, v *types.Var) bool {
	found := false
	astx.Idents(call, func(id *ast.Ident, stack []ast.Node) {
		if !found && id.Name == v.Name() && id.Pos() != v.Pos() && namesObject(stack[:len(stack)-1], id) {
			found = true
		}
	})
	return found
}

// namesObject reports whether the identifier id, below the nodes of
// stack, stands for its object or its name: not the root of a selection
// of another field (v.Namespace, v.Spec.Source).
func namesObject(stack []ast.Node, id *ast.Ident) bool {
	var path []string
	x := ast.Expr(id)
	for i := len(stack) - 1; i >= 0; i-- {
		sel, ok := stack[i].(*ast.SelectorExpr)
		if !ok || sel.X != x {
			break
		}
		path = append(path, sel.Sel.Name)
		x = sel
	}
	if len(path) > 0 && path[0] == "ObjectMeta" {
		path = path[1:]
	}
	return len(path) == 0 || path[0] == "Name" || path[0] == "GetName"
}

// freshObjects returns the objects written by w that were built fresh and
// never given a resourceVersion: all of them, or, when w writes objects of
// several types (a loop over desired objects), all those of one type.
func (c *checker) freshObjects(f *objflow.Func, w *objflow.WriteSite) []*objflow.Value {
	byType := map[string][]*objflow.Value{}
	var order []string
	for _, id := range w.Object {
		v := f.Value(id)
		key := types.TypeString(v.Type, nil)
		if _, ok := byType[key]; !ok {
			order = append(order, key)
		}
		byType[key] = append(byType[key], v)
	}
	for _, key := range order {
		group := byType[key]
		if !allFresh(w, group) {
			continue
		}
		if len(order) == 1 || types.IsInterface(w.Kind(c.pass.TypesInfo)) {
			return group
		}
	}
	return nil
}

// inTest reports whether n is in a _test.go file: tests run against fake
// clients or overwrite fixtures on purpose, and a test whose Update is
// rejected fails where it is seen.
func (c *checker) inTest(n ast.Node) bool {
	return astx.InTestFile(c.pass.Fset, n.Pos())
}

func allFresh(w *objflow.WriteSite, vs []*objflow.Value) bool {
	for _, v := range vs {
		if w.Facts(v.ID).Has(notFresh) {
			return false
		}
	}
	return true
}

func (c *checker) report(f *objflow.Func, w *objflow.WriteSite, fresh []*objflow.Value, some bool) {
	if call, ok := fresh[0].Node.(*ast.CallExpr); ok && fresh[0].Kind == objflow.Unknown && !some {
		c.reportEmptyResult(w, call)
		return
	}
	t := c.objectType(w, fresh[0])
	consequence, ok := c.consequence(t, "it")
	if !ok {
		return
	}
	name := objectName(w, c.pass.TypesInfo)
	at := ""
	if some {
		name += " (when it holds the " + typeName(t) + " " + origin(fresh[0]) + ")"
	} else if pos := fresh[0].Pos(); pos.IsValid() && f.Contains(w.Call.Pos()) && !f.Contains(pos) {
		// Built by a callback that the function's callers bind (a write
		// of the callback itself is said as its own analysis says it).
		at = " at " + astx.ShortPos(c.pass.Fset, pos)
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: w.Call.Pos(), End: w.Call.End(),
		Message: fmt.Sprintf("%s is built fresh%s and never read from the API server, so %s sends it without "+
			"a resourceVersion and %s: Get the current object and change it, or copy its resourceVersion",
			name, at, callName(w), consequence),
	})
}

// reportEmptyResult reports the write of the object that a typed
// client's call returned on the path where that call failed: empty, so
// the request has no name to go to, whatever the kind.
func (c *checker) reportEmptyResult(w *objflow.WriteSite, failed *ast.CallExpr) {
	name := objectName(w, c.pass.TypesInfo)
	what := k8s.CalleeName(failed.Fun)
	c.rep.Report(analysis.Diagnostic{
		Pos: w.Call.Pos(), End: w.Call.End(),
		Message: fmt.Sprintf("%s is the empty object that %s returns when it fails (client-go's typed clients "+
			"return one with the error), so %s sends no name and no resourceVersion and fails: Get the current "+
			"object and change it, or send the object you built with its resourceVersion set",
			name, what, callName(w)),
	})
}

// objectType is the type of the written object v for its kind: its own
// type when that names a kind, else the type of the argument the write
// takes it as (a value that the object flow knows by the map or slice
// it came from).
func (c *checker) objectType(w *objflow.WriteSite, v *objflow.Value) types.Type {
	if k8s.IsConcreteObject(v.Type) || k8s.IsUnstructured(v.Type) {
		return v.Type
	}
	if e := w.ObjectExpr(); e != nil {
		if t := c.pass.TypesInfo.TypeOf(e); t != nil && k8s.IsConcreteObject(t) {
			return t
		}
	}
	return v.Type
}

// consequence says what an update of an object of type t without a
// resourceVersion does, with subject as the sentence's subject ("it",
// "the update"), by what is known of its kind: rejected for a custom
// resource and for the few built-in kinds whose API server strategy
// requires a resourceVersion (PodDisruptionBudget, Lease, the webhook
// configurations, ...), an overwrite for the other built-in kinds, either
// when unknown. It is false for an overwrite when the configuration
// leaves built-in kinds out.
func (c *checker) consequence(t types.Type, subject string) (string, bool) {
	info := c.kind.Of(t)
	switch {
	case k8s.IsUnstructured(t) || !k8s.IsConcreteObject(t) || info.Origin == statussubresource.OriginUnknown:
		return "the API server rejects the update of a custom resource (\"must be specified for an update\") " +
			"or overwrites concurrent changes of a built-in kind", true
	case info.Origin == statussubresource.OriginCRD:
		return fmt.Sprintf("the API server rejects %s (\"metadata.resourceVersion: Invalid value: 0x0: "+
			"must be specified for an update\") because %s is a custom resource", subject, info.Name), true
	case k8s.RejectsUpdateWithoutResourceVersion(t):
		return fmt.Sprintf("the API server rejects %s (\"metadata.resourceVersion: Invalid value: 0x0: "+
			"must be specified for an update\"): unlike most built-in kinds, %s takes no update without one", subject, info.Name), true
	case k8s.RejectedBefore(t) != "":
		return fmt.Sprintf("%s silently overwrites concurrent changes to the %s (API servers before Kubernetes %s "+
			"reject it: \"must be specified for an update\")", subject, info.Name, k8s.RejectedBefore(t)), c.cfg.Builtin
	default:
		return fmt.Sprintf("%s silently overwrites concurrent changes to the %s", subject, info.Name), c.cfg.Builtin
	}
}

// objectName is the written object as the call spells it, without &, or
// "the new Widget" for a literal.
func objectName(w *objflow.WriteSite, info *types.Info) string {
	e := w.ObjectExpr()
	if e == nil {
		return "the object"
	}
	e = astx.StripStar(stripAddr(e))
	if lit, ok := e.(*ast.CompositeLit); ok {
		if n := k8s.NamedOf(info.TypeOf(lit)); n != nil {
			return "the new " + n.Obj().Name()
		}
	}
	return types.ExprString(e)
}

func stripAddr(e ast.Expr) ast.Expr {
	e, _ = astx.StripAddr(e)
	return e
}

// typeName is the name of an object's named type: "Deployment".
func typeName(t types.Type) string {
	if n := k8s.NamedOf(t); n != nil {
		return n.Obj().Name()
	}
	return types.TypeString(t, nil)
}

// origin says where a fresh object comes from, for messages.
func origin(v *objflow.Value) string {
	switch v.Kind {
	case objflow.Fresh:
		if v.Via != nil {
			return "built by " + v.Via.Name()
		}
	case objflow.Decoded:
		return "decoded from bytes"
	}
	return "built here"
}

// callName names the write for messages: "Update", "Status().Update", and
// for a write made by a function of the package, "r.save (which calls
// Update)".
func callName(w *objflow.WriteSite) string {
	if w.Via == nil {
		return w.Write.CallName()
	}
	return fmt.Sprintf("%s (which calls %s)", types.ExprString(w.Call.Fun), w.Write.CallName())
}
