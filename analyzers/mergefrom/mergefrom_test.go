package mergefrom_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/mergefrom"
	"github.com/opvet/opvet/internal/testroot"
)

func TestMergeFrom(t *testing.T) {
	analysistest.Run(t, testroot.Shared(t), mergefrom.Analyzer, "mergefrom/a", "mergefrom/flow")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.Shared(t), mergefrom.Analyzer, "mergefrom/fix")
}

// TestOldControllerRuntime runs on the stubs of controller-runtime before
// v0.15 (client.StatusWriter).
func TestOldControllerRuntime(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "oldcr"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, mergefrom.Analyzer, "mergefrom/old")
}
