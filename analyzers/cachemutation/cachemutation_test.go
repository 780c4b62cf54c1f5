package cachemutation_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/cachemutation"
	"github.com/opvet/opvet/internal/checktest"
	"github.com/opvet/opvet/internal/testroot"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), cachemutation.Analyzer, "cachemutation/a", "cachemutation/predonly")
}

// TestRelated: a finding that names the cached read by line points at it
// (an editor's related information).
func TestRelated(t *testing.T) {
	got := checktest.Related(t, testroot.GOPATH(t), cachemutation.Analyzer, "cachemutation/a", "cachemutation/predonly")
	want := "cachemutation/a/unsafe.go:25: 20 the Get with client.UnsafeDisableDeepCopy at line 20 returns the cached object"
	if !slices.Contains(got, want) {
		t.Errorf("no finding with the related read %q in\n%s", want, strings.Join(got, "\n"))
	}
}
