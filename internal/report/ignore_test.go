package report_test

import (
	"go/ast"
	"go/token"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/internal/report"
)

// probe reports every `_ = N` assignment whose N is not suppressed for the
// check "probe", and records the directives it saw.
var probe = &analysis.Analyzer{
	Name:       "probe",
	Doc:        "test probe",
	Requires:   []*analysis.Analyzer{report.Suppressions},
	ResultType: reflect.TypeFor[*report.Index](),
	Run: func(pass *analysis.Pass) (any, error) {
		idx := pass.ResultOf[report.Suppressions].(*report.Index)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if ok && !idx.Suppressed(as.Pos(), "probe") {
					lit := as.Rhs[0].(*ast.BasicLit)
					pass.Reportf(as.Pos(), "unsuppressed %s", lit.Value)
				}
				return true
			})
		}
		return idx, nil
	},
}

func TestSuppression(t *testing.T) {
	testdata := analysistest.TestData()
	results := analysistest.Run(t, testdata, probe, "a")
	idx := results[0].Result.(*report.Index)
	var problems, valid int
	for _, d := range idx.Directives {
		if d.Problem != "" {
			problems++
		} else {
			valid++
		}
	}
	if problems != 2 || valid != 3 {
		t.Errorf("directives: %d valid, %d malformed; want 3 and 2", valid, problems)
	}
}

func TestGeneratedFilesAreSuppressed(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), probe, "gen")
}

func TestParseArgs(t *testing.T) {
	for _, tt := range []struct {
		in      string
		checks  int
		problem bool
	}{
		{" a reason here", 1, false},
		{" a,b why", 2, false},
		{" a", 1, true},
		{"", 0, true},
		{" a,,b why", 0, true},
	} {
		var d report.Directive
		report.ParseArgs(&d, tt.in)
		if len(d.Checks) != tt.checks && !tt.problem || (d.Problem != "") != tt.problem {
			t.Errorf("ParseArgs(%q) = %+v", tt.in, d)
		}
	}
	var nilIdx *report.Index
	if nilIdx.Suppressed(token.Pos(1), "x") {
		t.Error("nil index suppressed")
	}
}
