package mergefrom_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/mergefrom"
	"github.com/opvet/opvet/internal/checktest"
	"github.com/opvet/opvet/internal/testroot"
)

func TestMergeFrom(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), mergefrom.Analyzer, "mergefrom/a", "mergefrom/flow")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), mergefrom.Analyzer, "mergefrom/fix")
}

// TestOldControllerRuntime runs on the stubs of controller-runtime before
// v0.15 (client.StatusWriter).
func TestOldControllerRuntime(t *testing.T) {
	analysistest.Run(t, testroot.OldControllerRuntime(t), mergefrom.Analyzer, "mergefrom/old")
}

// TestReportUnchangedOff: -mergefrom.report-unchanged=false drops the
// findings where no change between MergeFrom and Patch is seen, and keeps
// those with a change and the inline MergeFrom(x) of the patched object.
func TestReportUnchangedOff(t *testing.T) {
	dir := testroot.GOPATH(t)
	on := checktest.Findings(t, dir, mergefrom.Analyzer, "mergefrom/a", "mergefrom/flow")
	off := checktest.Findings(t, dir, checktest.WithOption(t, mergefrom.Check, "report-unchanged", "false"), "mergefrom/a", "mergefrom/flow")
	const unchanged = "so the patch is always empty; take the base from a copy made before"
	if count(on, unchanged) == 0 || count(off, unchanged) != 0 || len(off) != len(on)-count(on, unchanged) {
		t.Errorf("default: %d findings (%d unchanged); option off: %d findings (%d unchanged)",
			len(on), count(on, unchanged), len(off), count(off, unchanged))
	}
	if count(off, "as its base, the same object") == 0 {
		t.Error("option off dropped the inline Patch(ctx, x, MergeFrom(x)) finding")
	}
}

func count(findings []string, sub string) int {
	n := 0
	for _, f := range findings {
		if strings.Contains(f, sub) {
			n++
		}
	}
	return n
}

// TestDepth: bases in other variables, accessors, swapped base and object,
// changes on a copy never sent.
func TestDepth(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), mergefrom.Analyzer, "mergefrom/depth", "mergefrom/snapshot")
}

// TestRelated: a finding points at the change of the base, the copy taken
// after it and the call that sends the patch (an editor's related
// information), at the lines its message names.
func TestRelated(t *testing.T) {
	got := checktest.Related(t, testroot.GOPATH(t), mergefrom.Analyzer, "mergefrom/a", "mergefrom/depth")
	for _, want := range []string{
		"mergefrom/a/a.go:49: 50 controllerutil.RemoveFinalizer at line 50 changes the base, 51 r.Patch sends the patch",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("no finding with related places %q in\n%s", want, strings.Join(got, "\n"))
		}
	}
	if n := checktest.Count(got, "the copy taken after the change"); n == 0 {
		t.Errorf("no finding points at the copy taken after the change:\n%s", strings.Join(got, "\n"))
	}
}
