package requeueerror_test

import (
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
	const requeue, after = "{Requeue: true}", "RequeueAfter: "
	if checktest.Count(on, requeue) == 0 || checktest.Count(off, requeue) != 0 || checktest.Count(off, after) != checktest.Count(on, after) {
		t.Errorf("default: %d findings (%d Requeue: true, %d RequeueAfter); option off: %d findings (%d, %d)",
			len(on), checktest.Count(on, requeue), checktest.Count(on, after), len(off), checktest.Count(off, requeue), checktest.Count(off, after))
	}
	onSet := map[string]bool{}
	for _, f := range on {
		onSet[f] = true
	}
	for _, f := range off {
		if !onSet[f] {
			t.Errorf("option off reports what the default does not: %s", f)
		}
	}
}

// TestDeferred: -requeueerror.deferred=true reports a deferred function
// that sets the named error while a requeue may be returned; the default
// reports nothing there.
func TestDeferred(t *testing.T) {
	dir := testroot.GOPATH(t)
	analysistest.Run(t, dir, checktest.WithOption(t, requeueerror.Check, "deferred", "true"), "requeueerror/deferred")
	if got := checktest.Findings(t, dir, requeueerror.Analyzer, "requeueerror/deferred"); len(got) != 0 {
		t.Errorf("default: %d findings, want none: %v", len(got), got)
	}
}
