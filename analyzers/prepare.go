package analyzers

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/packages"

	"github.com/opvet/opvet/internal/driver"
	"github.com/opvet/opvet/internal/runcache"
	objflowpass "github.com/opvet/opvet/passes/objflow"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

// PrepareForModule is the standalone driver's Options.Prepare for the
// checks: it sees every package of the run, so the object-flow pass
// exports the summaries of only the functions that another package of
// the run names, instead of every exported function that takes or
// returns objects (docs/design.md, "Summaries across the module's
// packages"); the set is built only when a check requires that pass.
// Per-package drivers (go vet, golangci-lint) export them all. And the
// checks that read files outside their package (the module's manifests,
// a scan of its Go files) share one memo for the run (internal/runcache)
// instead of walking the module again in each package. The inspector is
// built only for the packages the checks run on.
func PrepareForModule(pkgs []*packages.Package, as []*analysis.Analyzer) []*analysis.Analyzer {
	as = driver.Substitute(as, objflowpass.Analyzer, func() *analysis.Analyzer {
		named := driver.NamedElsewhere(pkgs)
		return objflowpass.WithExports(func(fn *types.Func) bool { return named[fn.Origin()] })
	})
	// The packages analysed only for the summaries they export need no
	// inspector: the object-flow pass walks their files once. Another
	// analyzer with facts that reads the inspector (ctrlflow, which an
	// opt-in staticcheck check requires) keeps it everywhere.
	if factReadersOfInspector(as) == objflowpass.Analyzer.Name {
		as = driver.Substitute(as, inspect.Analyzer, func() *analysis.Analyzer { return driver.InspectRootsOnly(pkgs) })
	}
	return driver.Substitute(as, runcachepass.Analyzer, func() *analysis.Analyzer {
		return runcachepass.WithCache(runcache.New())
	})
}

// factReadersOfInspector names the analyzers with facts that require the
// inspect pass, directly or through others, joined by commas in the
// order met.
func factReadersOfInspector(as []*analysis.Analyzer) string {
	var names []string
	seen := map[*analysis.Analyzer]bool{}
	var reads func(a *analysis.Analyzer) bool // a requires inspect
	memo := map[*analysis.Analyzer]bool{}
	reads = func(a *analysis.Analyzer) bool {
		if v, ok := memo[a]; ok {
			return v
		}
		r := false
		for _, req := range a.Requires {
			r = req == inspect.Analyzer || reads(req) || r
		}
		memo[a] = r
		return r
	}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		if len(a.FactTypes) > 0 && reads(a) {
			names = append(names, a.Name)
		}
		for _, req := range a.Requires {
			visit(req)
		}
	}
	for _, a := range as {
		visit(a)
	}
	return strings.Join(names, ",")
}
