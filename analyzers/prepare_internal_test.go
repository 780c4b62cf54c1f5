package analyzers

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"

	objflowpass "github.com/opvet/opvet/passes/objflow"
)

// TestFactReadersOfInspector: the standalone driver drops the inspector of
// packages analysed only for facts when the object-flow pass is the only
// analyzer with facts that reads it; ctrlflow (facts, inspector) keeps it.
func TestFactReadersOfInspector(t *testing.T) {
	check := func(reqs ...*analysis.Analyzer) *analysis.Analyzer {
		return &analysis.Analyzer{Name: "check", Doc: "check", Requires: reqs, Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	}
	var enabled []*analysis.Analyzer // every check on by default
	for _, d := range Checks() {
		if d.Enabled() {
			enabled = append(enabled, d.Analyzer())
		}
	}
	for _, c := range []struct {
		as   []*analysis.Analyzer
		want string
	}{
		{enabled, objflowpass.Analyzer.Name},
		{[]*analysis.Analyzer{check(objflowpass.Analyzer), check(ctrlflow.Analyzer)}, objflowpass.Analyzer.Name + ",ctrlflow"},
		{[]*analysis.Analyzer{check()}, ""},
	} {
		if got := factReadersOfInspector(c.as); got != c.want {
			t.Errorf("factReadersOfInspector = %q, want %q", got, c.want)
		}
	}
}
