package statusupdate_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/statusupdate"
	"github.com/opvet/opvet/internal/checktest"
	"github.com/opvet/opvet/internal/testroot"
)

func TestCurrentClient(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), statusupdate.Analyzer, "statusupdate/a")
}

func TestTypedAndDynamic(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), statusupdate.Analyzer, "statusupdate/typed")
}

func TestOldClient(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.OldControllerRuntime(t), statusupdate.Analyzer, "statusupdate/old")
}

// TestNoStatusSubresourceOff: -statusupdate.no-status-subresource=false
// drops the 404 findings (status writes to kinds without /status) and
// keeps the others.
func TestNoStatusSubresourceOff(t *testing.T) {
	dir := testroot.GOPATH(t)
	on := checktest.Findings(t, dir, statusupdate.Analyzer, "statusupdate/a")
	off := checktest.Findings(t, dir, checktest.WithOption(t, statusupdate.Check, "no-status-subresource", "false"), "statusupdate/a")
	if countNotFound(on) == 0 || countNotFound(off) != 0 || len(off) != len(on)-countNotFound(on) {
		t.Errorf("default: %d findings (%d 404s); option off: %d findings (%d 404s)",
			len(on), countNotFound(on), len(off), countNotFound(off))
	}
}

// notFound is in the message of each 404 finding.
const notFound = "has no status subresource"

// countNotFound counts the 404 findings.
func countNotFound(findings []string) int {
	n := 0
	for _, f := range findings {
		if strings.Contains(f, notFound) {
			n++
		}
	}
	return n
}

// TestDepth: helpers that receive the object, client wrappers, closures.
func TestDepth(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), statusupdate.Analyzer, "statusupdate/depth")
}

// TestGenericCallbacks: a literal given to a generic function of another
// package with values of its type parameter runs there.
func TestGenericCallbacks(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), statusupdate.Analyzer, "statusupdate/generic")
}

// TestGoCRD: a +genclient kind whose CRD its package builds in Go has the
// status subresource; the object goes through a helper of another package.
func TestGoCRD(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), statusupdate.Analyzer, "statusupdate/gocrd")
}
