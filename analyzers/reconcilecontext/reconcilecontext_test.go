package reconcilecontext_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/reconcilecontext"
	"github.com/opvet/opvet/internal/checktest"
	"github.com/opvet/opvet/internal/testroot"
)

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), reconcilecontext.Analyzer, "reconcilecontext/a")
}

// TestCLI: in a package without controller machinery the message names
// the caller's cancellation.
func TestCLI(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), reconcilecontext.Analyzer, "reconcilecontext/cli")
}

// TestHelpers: -reconcilecontext.helpers=true reports the helpers without
// a context parameter (package helpers); by default they are not
// reported.
func TestHelpers(t *testing.T) {
	dir := testroot.GOPATH(t)
	analysistest.Run(t, dir, checktest.WithOption(t, reconcilecontext.Check, "helpers", "true"), "reconcilecontext/helpers")
	if off := checktest.Findings(t, dir, reconcilecontext.Analyzer, "reconcilecontext/helpers"); len(off) != 0 {
		t.Errorf("helpers off by default, but %d findings: %v", len(off), off)
	}
}

// TestDerivedOff: -reconcilecontext.derived=false drops the findings of
// contexts derived from context.Background or TODO and keeps the direct
// ones.
func TestDerivedOff(t *testing.T) {
	dir := testroot.GOPATH(t)
	on := checktest.Findings(t, dir, reconcilecontext.Analyzer, "reconcilecontext/a")
	off := checktest.Findings(t, dir, checktest.WithOption(t, reconcilecontext.Check, "derived", "false"), "reconcilecontext/a")
	const derived = ", derived from "
	n := checktest.Count(on, derived)
	if n == 0 || len(off) != len(on)-n || checktest.Count(off, derived) != 0 {
		t.Errorf("default: %d findings (%d derived); option off: %d findings", len(on), n, len(off))
	}
}
