package resourceversion

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objref"
	"github.com/opvet/opvet/internal/report"
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
	Builtin bool `json:"builtin" help:"also report built-in kinds, whose Update without a resourceVersion overwrites concurrent changes (custom resources are always reported)"`
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{Builtin: true} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Requires: []*analysis.Analyzer{statussubresource.Analyzer},
	Run:      run,
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
	c := &checker{
		pass:   pass,
		rep:    rep,
		kind:   pass.ResultOf[statussubresource.Analyzer].(*statussubresource.Result),
		cfg:    cfg,
		memo:   map[funcResult]bool{},
		bodies: map[*ast.BlockStmt]*bodyIndex{},
		decls:  map[*types.Func]*ast.FuncDecl{},
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					c.decls[fn] = fd
				}
			}
		}
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			// Only functions that call an Update can report:
			// skip the rest before any type or data-flow work.
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && k8s.CallsNamed(fd.Body, "Update", "UpdateStatus") {
				c.function(fd.Body)
			}
		}
	}
	return nil
}

type checker struct {
	pass  *analysis.Pass
	rep   *report.Reporter
	kind  *statussubresource.Result
	cfg   Config
	decls map[*types.Func]*ast.FuncDecl
	// memo: whether result i of a function of this package is always a
	// freshly built object (false while being computed: recursion).
	memo map[funcResult]bool
	// bodies indexes the function bodies looked at.
	bodies map[*ast.BlockStmt]*bodyIndex
}

type funcResult struct {
	fn    *types.Func
	index int
}

// maxDepth bounds how deep constructors are followed.
const maxDepth = 4

// function reports the first Update of each fresh local object.
func (c *checker) function(body *ast.BlockStmt) {
	info := c.pass.TypesInfo
	isLocal := objref.Locals(body, info)
	first := map[*types.Var]k8s.Write{}
	var order []*types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		w, ok := k8s.ClassifyWrite(info, call)
		if !ok || w.Op != k8s.OpUpdate || w.Object == nil {
			return true
		}
		id, ok := objref.StripAddr(w.Object).(*ast.Ident)
		if !ok {
			return true
		}
		v, _ := info.Uses[id].(*types.Var)
		if !isLocal(v) {
			return true
		}
		if _, seen := first[v]; !seen {
			first[v] = w
			order = append(order, v)
		}
		return true
	})
	for _, v := range order {
		if c.freshVar(v, body, nil, 0) {
			c.report(v, first[v])
		}
	}
}

func (c *checker) report(v *types.Var, w k8s.Write) {
	info := c.kind.Of(v.Type())
	var consequence string
	switch {
	case k8s.IsUnstructured(v.Type()):
		info = statussubresource.Info{}
		fallthrough
	default:
		consequence = "the API server rejects it for a custom resource (\"must be specified for an update\") " +
			"and overwrites concurrent changes for a built-in kind"
	case info.Origin == statussubresource.OriginCRD:
		consequence = fmt.Sprintf("the API server rejects it (\"metadata.resourceVersion: Invalid value: 0x0: "+
			"must be specified for an update\") because %s is a custom resource", info.Name)
	case info.Origin == statussubresource.OriginBuiltin:
		if !c.cfg.Builtin || strings.HasSuffix(c.pass.Fset.Position(w.Call.Pos()).Filename, "_test.go") {
			return // tests overwrite fixtures on purpose
		}
		consequence = fmt.Sprintf("it silently overwrites concurrent changes to the %s", info.Name)
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: w.Call.Pos(), End: w.Call.End(),
		Message: fmt.Sprintf("%s is built fresh and never read from the API server, so %s sends it without "+
			"a resourceVersion and %s: Get the current object and change it, or copy its resourceVersion",
			v.Name(), w.CallName(), consequence),
	})
}

// freshVar reports whether every value the local variable v holds in body
// is built fresh, and nothing fills its resourceVersion: no Get, List,
// Create or Patch into it, no resourceVersion or ObjectMeta set, never
// handed to code opvet cannot see. ret, when not nil, is the function
// whose results may carry v (a constructor).
func (c *checker) freshVar(v *types.Var, body *ast.BlockStmt, ret *ast.FuncDecl, depth int) bool {
	idx := c.index(body)
	defs := idx.defs[v]
	for _, d := range defs {
		if d.ranged || !c.assignedFresh(d.rhs, d.n, d.i, depth) {
			return false
		}
	}
	if len(defs) == 0 {
		// var obj T: a zero struct value (a nil pointer is no object).
		if _, isPtr := types.Unalias(v.Type()).(*types.Pointer); isPtr {
			return false
		}
	}
	for _, u := range idx.uses[v] {
		if !c.harmless(u, ret) {
			return false
		}
	}
	return true
}

// bodyIndex lists, once per function body, the assignments to and the
// uses of every variable, so that each candidate costs only its own
// occurrences (linear in the function's size).
type bodyIndex struct {
	defs map[*types.Var][]definition
	uses map[*types.Var][]objref.Use
}

// definition is one assignment of a value to a variable: value i of n
// assigned from rhs, or a range key or value.
type definition struct {
	rhs    []ast.Expr
	n, i   int
	ranged bool
}

func (c *checker) index(body *ast.BlockStmt) *bodyIndex {
	if idx, ok := c.bodies[body]; ok {
		return idx
	}
	info := c.pass.TypesInfo
	idx := &bodyIndex{defs: map[*types.Var][]definition{}, uses: map[*types.Var][]objref.Use{}}
	c.bodies[body] = idx
	varOf := func(e ast.Expr) *types.Var {
		id, _ := e.(*ast.Ident)
		if id == nil {
			return nil
		}
		if v, ok := info.Defs[id].(*types.Var); ok {
			return v
		}
		v, _ := info.Uses[id].(*types.Var)
		return v
	}
	add := func(e ast.Expr, d definition) {
		if v := varOf(e); v != nil {
			idx.defs[v] = append(idx.defs[v], d)
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				add(lhs, definition{rhs: n.Rhs, n: len(n.Lhs), i: i})
			}
		case *ast.ValueSpec:
			if len(n.Values) > 0 {
				for i, name := range n.Names {
					add(name, definition{rhs: n.Values, n: len(n.Names), i: i})
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if e != nil {
					add(e, definition{ranged: true})
				}
			}
		}
		return true
	})
	objref.Uses(body, info, func(u objref.Use) {
		idx.uses[u.Ref.Root] = append(idx.uses[u.Ref.Root], u)
	})
	return idx
}

// assignedFresh reports whether the i-th of n assigned values is fresh.
func (c *checker) assignedFresh(rhs []ast.Expr, n, i, depth int) bool {
	if len(rhs) == n {
		return c.freshExpr(rhs[i], 0, depth)
	}
	if len(rhs) == 1 {
		return c.freshExpr(rhs[0], i, depth) // a, err := newObject()
	}
	return false
}

// freshExpr reports whether result index of e is a freshly built object:
// a composite literal without a resourceVersion, new(T), or a call of a
// function of this package that always returns one.
func (c *checker) freshExpr(e ast.Expr, index, depth int) bool {
	info := c.pass.TypesInfo
	e = objref.StripAddr(e)
	switch e := e.(type) {
	case *ast.CompositeLit:
		return index == 0 && freshLiteral(info, e)
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok {
				return b.Name() == "new" && index == 0
			}
		}
		fn := k8s.Callee(info, e)
		if fn == nil || fn.Pkg() != c.pass.Pkg || depth >= maxDepth {
			return false
		}
		return c.freshFunc(fn, index, depth+1)
	}
	return false
}

// freshLiteral reports whether lit builds an object with no
// resourceVersion: ObjectMeta absent or a literal without
// ResourceVersion, no Object content for unstructured, keyed fields.
func freshLiteral(info *types.Info, lit *ast.CompositeLit) bool {
	t := info.TypeOf(lit)
	if t == nil || !(k8s.IsConcreteObject(t) || k8s.IsUnstructured(t)) {
		return false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			return false
		}
		switch key.Name {
		case "Object":
			return false
		case "ObjectMeta":
			meta, ok := objref.StripAddr(kv.Value).(*ast.CompositeLit)
			if !ok || !metaLiteralWithoutVersion(meta) {
				return false
			}
		}
	}
	return true
}

func metaLiteralWithoutVersion(meta *ast.CompositeLit) bool {
	for _, elt := range meta.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false
		}
		if key, _ := kv.Key.(*ast.Ident); key == nil || key.Name == "ResourceVersion" {
			return false
		}
	}
	return true
}

// freshFunc reports whether result index of fn, a function of this
// package, is a fresh object on every return that yields an object.
func (c *checker) freshFunc(fn *types.Func, index, depth int) bool {
	key := funcResult{fn, index}
	if v, ok := c.memo[key]; ok {
		return v
	}
	c.memo[key] = false // recursion: not fresh
	fd := c.decls[fn]
	sig, _ := fn.Type().(*types.Signature)
	if fd == nil || sig == nil || index >= sig.Results().Len() {
		return false
	}
	info := c.pass.TypesInfo
	isLocal := objref.Locals(fd.Body, info)
	fresh, returns := true, 0
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !fresh {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			fresh = c.freshReturn(n, sig.Results().Len(), index, fd, isLocal, depth)
		}
		return true
	})
	ok := fresh && returns > 0
	c.memo[key] = ok
	return ok
}

// freshReturn checks one return statement of a constructor.
func (c *checker) freshReturn(ret *ast.ReturnStmt, n, index int, fd *ast.FuncDecl, isLocal func(*types.Var) bool, depth int) bool {
	info := c.pass.TypesInfo
	switch {
	case len(ret.Results) == 1 && n > 1:
		return c.freshExpr(ret.Results[0], index, depth)
	case len(ret.Results) != n:
		return false // bare return of named results
	}
	r := ast.Unparen(ret.Results[index])
	if tv, ok := info.Types[r]; ok && tv.IsNil() {
		return true
	}
	if id, ok := objref.StripAddr(r).(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		return isLocal(v) && c.freshVar(v, fd.Body, fd, depth)
	}
	return c.freshExpr(r, 0, depth)
}
