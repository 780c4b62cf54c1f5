package statussubresource_test

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/internal/testroot"
	"github.com/opvet/opvet/passes/statussubresource"
)

// probe reports what the pass knows of the type of every composite
// literal.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "test analyzer: report statussubresource's answer for composite literals",
	Requires: []*analysis.Analyzer{statussubresource.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[statussubresource.Analyzer].(*statussubresource.Result)
		status := map[statussubresource.Tristate]string{
			statussubresource.Unknown: "unknown", statussubresource.Yes: "yes", statussubresource.No: "no"}
		origin := map[statussubresource.Origin]string{statussubresource.OriginUnknown: "unknown",
			statussubresource.OriginBuiltin: "builtin", statussubresource.OriginCRD: "crd"}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				t := pass.TypesInfo.TypeOf(lit)
				info := res.Of(t)
				pass.Reportf(lit.Pos(), "%s status=%s origin=%s", info.Name, status[info.Status], origin[info.Origin])
				return false
			})
		}
		return nil, nil
	},
}

func TestMarkersAndTable(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), probe, "statussubresource/a")
}

func TestNil(t *testing.T) {
	var r *statussubresource.Result
	for _, typ := range []types.Type{nil, types.Typ[types.Int], types.NewPointer(types.Typ[types.Invalid])} {
		if info := r.Of(typ); info.Status != statussubresource.Unknown {
			t.Errorf("Of(%v) = %+v, want Unknown", typ, info)
		}
	}
}

// TestGenclientManifests: kinds with +genclient and no kubebuilder marker
// are answered from the CRD manifests of their module.
func TestGenclientManifests(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), probe, "statussubresource/genclient/use")
}
