package statusupdate

import (
	_ "embed"
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/objflow"
	"github.com/opvet/opvet/internal/report"
	objflowpass "github.com/opvet/opvet/passes/objflow"
	"github.com/opvet/opvet/passes/statussubresource"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "statusupdate"

// Config is the check's configuration.
type Config struct {
	// NoStatusSubresource enables the report of status writes to kinds
	// that have no status subresource (404 at runtime).
	NoStatusSubresource bool `json:"no-status-subresource" help:"report Status().Update/Patch and UpdateStatus of kinds without the status subresource"`
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{NoStatusSubresource: true} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Autofix:  true,
	Requires: []*analysis.Analyzer{inspect.Analyzer, statussubresource.Analyzer, objflowpass.Analyzer},
	Run:      run,
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
	c := &checker{
		pass:  pass,
		rep:   rep,
		kind:  pass.ResultOf[statussubresource.Analyzer].(*statussubresource.Result),
		flow:  pass.ResultOf[objflowpass.Analyzer].(*objflow.Package),
		cfg:   cfg,
		inner: map[token.Pos]bool{},
	}
	astx.Funcs(pass.ResultOf[inspect.Analyzer].(*inspector.Inspector), func(fn ast.Node) {
		// Every rule needs a write outside tests: skip other functions,
		// and those of test files, before any flow analysis.
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
	// inner are the method writes already reported (methodWrite): one
	// finding per write, whichever caller's path reaches it.
	inner map[token.Pos]bool
	// cleared are the targets of assignments of a zero value to a whole
	// field (obj.Spec = T{}), by position: computed when first needed.
	cleared map[token.Pos]bool
}

// fieldClass sorts field paths by which write drops them.
type fieldClass int

const (
	classStatus fieldClass = iota + 1
	classSpec
	classMeta  // labels, annotations, finalizers, owner references
	classOther // other persisted fields of the main resource (ConfigMap.Data)
)

// object is what a function does with one abstract object: the writes
// that may send it.
type object struct {
	id     int32
	writes []*objflow.WriteSite
	// leaving, when set, are the returns where the object may have been
	// left to other code (leaves): a write that none of them follows is
	// judged, the others are not (see judged).
	leaving []*objflow.ReturnSite
	partial bool
}

// judged reports whether w is judged: the object is not left to other
// code on any path through w, which might send what w drops.
func (o *object) judged(w *objflow.WriteSite) bool {
	if !o.partial {
		return true
	}
	if w.Facts(o.id).Has(leaves) {
		return false // left to other code before w
	}
	for _, r := range o.leaving {
		if r.Facts(o.id).MayFollow(w.Call.Pos()) {
			return false
		}
	}
	return true
}

// leavingReturns returns the returns of f where o may have been left to
// other code, or ok false when f may also end without a return statement
// (no results), whose paths are not known apart.
func leavingReturns(f *objflow.Func, o *object) (out []*objflow.ReturnSite, ok bool) {
	if !hasResults(f.Node) {
		return nil, false
	}
	for _, r := range f.Returns {
		returned := slices.ContainsFunc(r.Results, func(s objflow.Set) bool { return s.Has(o.id) })
		if returned || r.Facts(o.id).Has(leaves) {
			out = append(out, r)
		}
	}
	return out, true
}

// hasResults reports whether the function n declares results, so that
// every way out of it is a return statement (or a panic).
func hasResults(n ast.Node) bool {
	var ft *ast.FuncType
	switch n := n.(type) {
	case *ast.FuncDecl:
		ft = n.Type
	case *ast.FuncLit:
		ft = n.Type
	}
	return ft != nil && ft.Results != nil && len(ft.Results.List) > 0
}

// leaves are the facts after which an object may be persisted elsewhere,
// or changed by code opvet cannot see: it is not judged.
const leaves = objflow.Escaped | objflow.Captured | objflow.Returned

// function applies rules 1, 2 and 4 to every object written in f, and
// rule 3 to every status write.
func (c *checker) function(f *objflow.Func) {
	byObject := map[int32]*object{}
	var order []*object
	for _, w := range f.Writes {
		if c.inTest(w.Call) {
			// Tests run against fake clients, which keep whatever they
			// are sent, or see a lost status fail where it is written.
			continue
		}
		if w.Via == nil {
			c.checkNoSubresource(w.Write)
		}
		for _, id := range w.Object {
			o := byObject[id]
			if o == nil {
				o = &object{id: id}
				byObject[id] = o
				order = append(order, o)
			}
			o.writes = append(o.writes, w)
		}
	}
	for _, o := range order {
		if exit := f.ExitFacts(o.id); exit.Has(leaves) {
			// Left to other code on some path: judge only the writes
			// that no such path goes through.
			leaving, ok := leavingReturns(f, o)
			if !ok {
				continue
			}
			o.leaving, o.partial = leaving, true
		}
		c.checkObject(f, o)
		if !o.partial {
			c.callerStatusLost(f, o)
		}
	}
}

// classify sorts a field path by what a write drops.
func classify(fields []string) fieldClass {
	if len(fields) == 0 {
		return 0
	}
	switch fields[0] {
	case "Status":
		return classStatus
	case "Spec":
		return classSpec
	case "Labels", "Annotations", "Finalizers", "OwnerReferences":
		return classMeta
	case "ObjectMeta":
		return classMeta // &obj.ObjectMeta handed to a metav1 helper
	case "TypeMeta", "Name", "Namespace", "GenerateName", "UID", "ResourceVersion", "Generation",
		"CreationTimestamp", "DeletionTimestamp", "DeletionGracePeriodSeconds", "ManagedFields", "SelfLink":
		return 0
	}
	return classOther
}

// inTest reports whether n is in a _test.go file.
func (c *checker) inTest(n ast.Node) bool {
	return astx.InTestFile(c.pass.Fset, n.Pos())
}
