package mergefrom_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/mergefrom"
)

// testdata returns the repository's shared GOPATH: the stubs and the test
// packages under src/mergefrom.
func testdata(t testing.TB) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestMergeFrom(t *testing.T) {
	analysistest.Run(t, testdata(t), mergefrom.Analyzer, "mergefrom/a", "mergefrom/flow")
}
