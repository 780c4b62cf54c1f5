package statusupdate_test

import (
	"os"
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
	analysistest.RunWithSuggestedFixes(t, oldRoot(t), statusupdate.Analyzer, "statusupdate/old")
}

// oldRoot returns a GOPATH root holding a copy of testdata/oldcr/src (the
// old controller-runtime stubs). The copy keeps the test in GOPATH mode
// even if a go.mod appears in testdata/oldcr, which would switch
// analysistest to module mode.
func oldRoot(t *testing.T) string {
	root := t.TempDir()
	src := filepath.Join(testdata(), "oldcr", "src")
	if err := os.CopyFS(filepath.Join(root, "src"), os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return root
}
