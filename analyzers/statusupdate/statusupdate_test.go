package statusupdate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/statusupdate"
)

func testdata() string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		panic(err)
	}
	return dir
}

func TestCurrentClient(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), statusupdate.Analyzer, "statusupdate/a")
}

func TestTypedAndDynamic(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), statusupdate.Analyzer, "statusupdate/typed")
}

func TestOldClient(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, filepath.Join(testdata(), "oldcr"), statusupdate.Analyzer, "statusupdate/old")
}
