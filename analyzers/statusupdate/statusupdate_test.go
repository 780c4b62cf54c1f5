package statusupdate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/statusupdate"
	"github.com/opvet/opvet/internal/testroot"
)

func TestCurrentClient(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), statusupdate.Analyzer, "statusupdate/a")
}

func TestTypedAndDynamic(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), statusupdate.Analyzer, "statusupdate/typed")
}

func TestOldClient(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.OldControllerRuntime(t), statusupdate.Analyzer, "statusupdate/old")
}
