package resourceversion_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/resourceversion"
	"github.com/opvet/opvet/internal/testroot"
)

func TestCurrentClient(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), resourceversion.Analyzer, "resourceversion/a")
}

func TestOldClient(t *testing.T) {
	analysistest.Run(t, testroot.OldControllerRuntime(t), resourceversion.Analyzer, "resourceversion/old")
}
