// Package objflow is the helper pass that gives checks the object flow of
// a package (internal/objflow): for each function, which objects each
// variable may hold at each call, and what may have happened to them; for
// the package's functions, summaries of what they do to the objects they
// are given. It never reports.
//
// The result is safe for concurrent use: functions are analysed on first
// request, each once, and summaries are computed under a lock; nothing
// changes once computed (several checks read it in parallel).
package objflow

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/objflow"
)

// Analyzer computes the *objflow.Package of a package.
var Analyzer = &analysis.Analyzer{
	Name:             "opvetobjflow",
	Doc:              "follow Kubernetes API objects through the package's functions (helper, never reports)",
	Run:              run,
	Requires:         []*analysis.Analyzer{inspect.Analyzer},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*objflow.Package](),
}

func run(pass *analysis.Pass) (any, error) {
	in, _ := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	return objflow.New(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files, in), nil
}
