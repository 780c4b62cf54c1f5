package webhookconfig_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/webhookconfig"
	"github.com/opvet/opvet/internal/testroot"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), webhookconfig.Analyzer, "webhookconfig/a")
}
