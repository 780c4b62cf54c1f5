package ignoredirective_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/ignoredirective"
)

func TestIgnoreDirective(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ignoredirective.Analyzer, "a")
}
