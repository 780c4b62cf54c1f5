package resourceversion_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/resourceversion"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestCurrentClient(t *testing.T) {
	analysistest.Run(t, testdata(t), resourceversion.Analyzer, "resourceversion/a")
}

func TestOldClient(t *testing.T) {
	analysistest.Run(t, filepath.Join(testdata(t), "oldcr"), resourceversion.Analyzer, "resourceversion/old")
}
