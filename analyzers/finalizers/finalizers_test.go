package finalizers_test

import (
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/checktest"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/finalizers"
	"github.com/opvet/opvet/internal/testroot"
)

// TestAnalyzer loads both scenarios at once: loading dominates the time.
func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), finalizers.Analyzer, "finalizers/mod/controllers", "finalizers/nomod", "finalizers/drops")
}

func TestIgnoreOption(t *testing.T) {
	a := checktest.WithOption(t, finalizers.Check, "ignore", "storage.example.com/owned, owned")
	analysistest.Run(t, testroot.GOPATH(t), a, "finalizers/mod/ignored")
}

func TestValidate(t *testing.T) {
	if err := (finalizers.Config{Ignore: []string{"a.example.com/x"}}).Validate(); err != nil {
		t.Errorf("valid config rejected: %v", err)
	}
	if err := (finalizers.Config{Ignore: []string{" "}}).Validate(); err == nil {
		t.Error("empty name accepted")
	}
}

// TestMergePatchOff: -finalizers.merge-patch=false drops item 6's findings
// (merge patches without the optimistic lock) and keeps the others.
func TestMergePatchOff(t *testing.T) {
	dir := testroot.GOPATH(t)
	on := checktest.Findings(t, dir, finalizers.Analyzer, "finalizers/mod/controllers")
	off := checktest.Findings(t, dir, checktest.WithOption(t, finalizers.Check, "merge-patch", "false"), "finalizers/mod/controllers")
	const item6 = "with this JSON merge patch"
	n := 0
	for _, f := range on {
		if strings.Contains(f, item6) {
			n++
		}
	}
	for _, f := range off {
		if strings.Contains(f, item6) {
			t.Errorf("option off, still reported: %s", f)
		}
	}
	if n == 0 || len(off) != len(on)-n {
		t.Errorf("default: %d findings (%d of item 6); option off: %d findings", len(on), n, len(off))
	}
}
