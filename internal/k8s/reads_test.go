package k8s_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/testroot"
)

// classifyRead reports every read that k8s.ClassifyRead recognizes:
// "read", "cached read" or "shallow cached read".
var classifyRead = &analysis.Analyzer{
	Name:     "classifyread",
	Doc:      "test analyzer: report k8s.ClassifyRead's answer for every call",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		mayRead := k8s.MayReadCache(pass.Pkg, pass.TypesInfo, pass.ResultOf[inspect.Analyzer].(*inspector.Inspector))
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				r, ok := k8s.ClassifyRead(pass.TypesInfo, call)
				if ok && r.Cached && !mayRead {
					// The prefilter must never hide a cache read.
					pass.Reportf(call.Pos(), "MayReadCache says no")
				}
				switch {
				case !ok:
				case r.Cached && r.Shallow:
					pass.Reportf(call.Pos(), "shallow cached read")
				case r.Cached:
					pass.Reportf(call.Pos(), "cached read")
				default:
					pass.Reportf(call.Pos(), "read")
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestClassifyRead covers the reads of caches (listers, generic listers,
// stores, indexers, UnsafeDisableDeepCopy) and the reads that are not
// (typed clients, ListWatch, the default controller-runtime client).
func TestClassifyRead(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), classifyRead, "reads/a", "reads/unsafe", "reads/dotimport")
}
