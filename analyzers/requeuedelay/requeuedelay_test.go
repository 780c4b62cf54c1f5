package requeuedelay_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/requeuedelay"
	"github.com/opvet/opvet/internal/testroot"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), requeuedelay.Analyzer, "requeuedelay/a")
}
