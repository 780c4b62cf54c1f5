package markers_test

import (
	"testing"

	"github.com/opvet/opvet/internal/checktest"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/markers"
	"github.com/opvet/opvet/internal/testroot"
)

func TestMarkers(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), markers.Analyzer, "markers/a")
	analysistest.Run(t, testroot.GOPATH(t), markers.Analyzer, "markers/good")
	analysistest.Run(t, testroot.GOPATH(t), markers.Analyzer, "markers/place")
}

func TestIgnoreOption(t *testing.T) {
	a := checktest.WithOption(t, markers.Check, "ignore", "+kubebuilder:mytool:")
	analysistest.Run(t, testroot.GOPATH(t), a, "markers/cfg")
	if err := a.Flags.Set("ignore", "kubebuilder:x=1"); err == nil {
		t.Error("ignore=kubebuilder:x=1 accepted")
	}
	b := markers.Check.New(markers.Config{Ignore: []string{" +kubebuilder:mytool:"}})
	analysistest.Run(t, testroot.GOPATH(t), b, "markers/cfg")
}
