package mergefrom_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/mergefrom"
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
