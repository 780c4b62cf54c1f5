// Package objflow is the helper pass that gives checks the object flow of
// a package (internal/objflow): for each function, which objects each
// variable may hold at each call, and what may have happened to them; for
// the package's functions, summaries of what they do to the objects they
// are given. It never reports.
//
// Summaries cross the packages of the main module as facts
// (objflow.SummaryFact): a package of the main module exports the
// summaries of its exported functions, and its importers apply them at
// their calls. Packages of other modules export nothing and are not
// analysed, so a driver may load them from export data (docs/design.md,
// "Summaries across the module's packages").
//
// The result is safe for concurrent use: functions are analysed on first
// request, each once, and summaries are computed under a lock; nothing
// changes once computed (several checks read it in parallel).
package objflow

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/guard"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/objflow"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

// Analyzer computes the *objflow.Package of a package.
var Analyzer = &analysis.Analyzer{
	Name:             "opvetobjflow",
	Doc:              "follow Kubernetes API objects through the package's functions (helper, never reports)",
	Run:              func(pass *analysis.Pass) (any, error) { return run(pass, nil) },
	Requires:         []*analysis.Analyzer{inspect.Analyzer, runcachepass.Analyzer},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*objflow.Package](),
	FactTypes:        []analysis.Fact{new(objflow.SummaryFact)},
}

// WithExports returns a copy of Analyzer that exports the summaries of
// only the functions that named accepts. A driver that sees every package
// of the module (the standalone driver) passes those that another
// package names, and so skips the analysis of the other exported
// functions (docs/design.md, "Summaries across the module's packages");
// it must make the checks read the copy's result as Analyzer's.
func WithExports(named func(*types.Func) bool) *analysis.Analyzer {
	a := *Analyzer
	a.Run = func(pass *analysis.Pass) (any, error) { return run(pass, named) }
	return &a
}

func run(pass *analysis.Pass, named func(*types.Func) bool) (any, error) {
	if !InMainModule(pass) {
		// A dependency: no syntax to follow (a driver may have loaded it
		// from export data), and no summaries to export.
		return objflow.New(pass.Fset, pass.Pkg, pass.TypesInfo, nil, inspector.New(nil), nil), nil
	}
	in, _ := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	p := objflow.New(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files, in, imported(pass))
	p.UseRunCache(runcachepass.Of(pass))
	err := guard.Run(pass.Analyzer.Name, pass.Pkg.Path(), func() error {
		for fn, f := range p.Exports(named) {
			pass.ExportObjectFact(fn, f)
		}
		return nil
	})
	return p, err
}

// imported reads the summaries that the package's imports exported.
func imported(pass *analysis.Pass) objflow.Imported {
	var m objflow.Imported
	for _, of := range pass.AllObjectFacts() {
		fn, ok := of.Object.(*types.Func)
		f, ok2 := of.Fact.(*objflow.SummaryFact)
		if !ok || !ok2 || fn.Pkg() == pass.Pkg {
			continue
		}
		if m == nil {
			m = objflow.Imported{}
		}
		m[fn] = objflow.Import(fn, f)
	}
	return m
}

// InMainModule reports whether the package belongs to a main module (or
// to no module at all: GOPATH mode, analysistest), or to a module that it
// replaces with a directory of its tree (modtree.IsLocalReplacement: an
// API module of the same repository), with syntax to analyse.
func InMainModule(pass *analysis.Pass) bool {
	return len(pass.Files) > 0 && pass.TypesInfo != nil && (!modtree.IsDependency(pass) || modtree.IsLocalReplacement(pass))
}
