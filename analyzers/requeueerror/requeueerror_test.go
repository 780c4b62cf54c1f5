package requeueerror_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/requeueerror"
	"github.com/opvet/opvet/internal/checktest"
	"github.com/opvet/opvet/internal/testroot"
)

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), requeueerror.Analyzer, "requeueerror/a")
}

// TestRequeueOff: -requeueerror.requeue=false drops the findings of
// Requeue: true and keeps those of RequeueAfter.
func TestRequeueOff(t *testing.T) {
	dir := testroot.GOPATH(t)
	on := checktest.Findings(t, dir, requeueerror.Analyzer, "requeueerror/a")
	off := checktest.Findings(t, dir, checktest.WithOption(t, requeueerror.Check, "requeue", "false"), "requeueerror/a")
	const requeue = "{Requeue: true}"
	n := 0
	for _, f := range on {
		if strings.Contains(f, requeue) {
			n++
		}
	}
	if n == 0 || len(off) != len(on)-n {
		t.Errorf("default: %d findings (%d Requeue: true); option off: %d findings", len(on), n, len(off))
	}
}
