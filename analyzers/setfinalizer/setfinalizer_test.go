package setfinalizer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/setfinalizer"
)

// testdata returns the repository's shared testdata: the stubs and the
// test packages under src/setfinalizer.
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestMechanics(t *testing.T) {
	analysistest.Run(t, testdata(t), setfinalizer.Analyzer, "setfinalizer/mechanics")
}
