package analyzers

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
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
// instead of walking the module again in each package.
func PrepareForModule(pkgs []*packages.Package, as []*analysis.Analyzer) []*analysis.Analyzer {
	as = driver.Substitute(as, objflowpass.Analyzer, func() *analysis.Analyzer {
		named := driver.NamedElsewhere(pkgs)
		return objflowpass.WithExports(func(fn *types.Func) bool { return named[fn.Origin()] })
	})
	return driver.Substitute(as, runcachepass.Analyzer, func() *analysis.Analyzer {
		return runcachepass.WithCache(runcache.New())
	})
}
