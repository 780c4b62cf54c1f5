package finalizers_test

import (
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
