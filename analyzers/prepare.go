package analyzers

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/opvet/opvet/internal/driver"
	"github.com/opvet/opvet/internal/objflow"
	objflowpass "github.com/opvet/opvet/passes/objflow"
)

// PrepareForModule is the standalone driver's Options.Prepare for the
// checks: it sees every package of the run, so the object-flow pass
// exports the summaries of only the functions that another package of
// the run names, instead of every exported function that takes or
// returns objects (docs/design.md, "Summaries across the module's
// packages"); the set is built only when a check requires that pass.
// Per-package drivers (go vet, golangci-lint) export them all.
func PrepareForModule(pkgs []*packages.Package, as []*analysis.Analyzer) []*analysis.Analyzer {
	return driver.Substitute(as, objflowpass.Analyzer, func() *analysis.Analyzer {
		named := driver.NamedElsewhere(pkgs, objflow.FuncKey)
		return objflowpass.WithExports(func(fn *types.Func) bool { return named[objflow.FuncKey(fn)] })
	})
}
