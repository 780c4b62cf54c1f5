package resourceversion_test

import (
	"os"
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
	analysistest.Run(t, oldRoot(t), resourceversion.Analyzer, "resourceversion/old")
}

// oldRoot returns a GOPATH root holding a copy of testdata/oldcr/src (the
// old controller-runtime stubs). The copy keeps the test in GOPATH mode
// even if a go.mod appears in testdata/oldcr, which would switch
// analysistest to module mode.
func oldRoot(t *testing.T) string {
	root := t.TempDir()
	src := filepath.Join(testdata(t), "oldcr", "src")
	if err := os.CopyFS(filepath.Join(root, "src"), os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return root
}
