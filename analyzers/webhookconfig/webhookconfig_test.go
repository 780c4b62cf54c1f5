package webhookconfig_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/webhookconfig"
	"github.com/opvet/opvet/internal/testroot"
)

func TestMarkers(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), webhookconfig.Analyzer, "webhookconfig/markers", "webhookconfig/generate")
}

func TestValues(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), webhookconfig.Analyzer, "webhookconfig/values", "webhookconfig/template")
}
