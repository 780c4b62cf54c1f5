package cachemutation_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/cachemutation"
	"github.com/opvet/opvet/internal/testroot"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), cachemutation.Analyzer, "cachemutation/a")
}
