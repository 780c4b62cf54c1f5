package markers_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/markers"
)

func testdata() string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		panic(err)
	}
	return dir
}

func TestMarkers(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), markers.Analyzer, "markers/a")
	analysistest.Run(t, testdata(), markers.Analyzer, "markers/good")
	analysistest.Run(t, testdata(), markers.Analyzer, "markers/place")
}

func TestIgnoreOption(t *testing.T) {
	a := markers.New(markers.DefaultConfig())
	if err := a.Flags.Set("ignore", "+kubebuilder:mytool:"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(), a, "markers/cfg")
	if err := a.Flags.Set("ignore", "kubebuilder:x=1"); err == nil {
		t.Error("ignore=kubebuilder:x=1 accepted")
	}
	b := markers.New(markers.Config{Ignore: []string{" +kubebuilder:mytool:"}})
	analysistest.Run(t, testdata(), b, "markers/cfg")
}
