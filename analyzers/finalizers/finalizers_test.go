package finalizers_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/finalizers"
	"github.com/opvet/opvet/internal/testroot"
)

// TestAnalyzer loads both scenarios at once: loading dominates the time.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), finalizers.Analyzer, "finalizers/mod/controllers", "finalizers/nomod")
}

func TestIgnoreOption(t *testing.T) {
	a := finalizers.Check.New(finalizers.DefaultConfig())
	if err := a.Flags.Set("ignore", "storage.example.com/owned, owned"); err != nil {
		t.Fatal(err)
	}
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
