package ignoredirective_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/ignoredirective"
)

func TestIgnoreDirective(t *testing.T) {
	known := []string{"statusupdate", "mergefrom", "SA5005", ignoredirective.Name}
	analysistest.Run(t, analysistest.TestData(), ignoredirective.New(known).Analyzer(), "a")
}
