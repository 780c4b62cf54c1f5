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

// oldRoot returns a GOPATH root whose src links to the entries of
// testdata/oldcr/src (the old controller-runtime stubs; k8s.io links to the
// shared stubs). A root of its own keeps the test in GOPATH mode even if a
// go.mod appears in testdata/oldcr, which would switch analysistest to
// module mode.
func oldRoot(t *testing.T) string {
	root := t.TempDir()
	src := filepath.Join(testdata(t), "oldcr", "src")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Symlink(filepath.Join(src, e.Name()), filepath.Join(root, "src", e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	return root
}
