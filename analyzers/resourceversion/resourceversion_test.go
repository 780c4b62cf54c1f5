package resourceversion_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/resourceversion"
	"github.com/opvet/opvet/internal/checktest"
	"github.com/opvet/opvet/internal/testroot"
)

func TestCurrentClient(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), resourceversion.Analyzer, "resourceversion/a")
}

func TestOldClient(t *testing.T) {
	analysistest.Run(t, testroot.OldControllerRuntime(t), resourceversion.Analyzer, "resourceversion/old")
}

// TestBuiltinOff: -resourceversion.builtin=false reports custom resources
// and the built-in kinds that reject an update without a resourceVersion
// only.
func TestBuiltinOff(t *testing.T) {
	dir := testroot.GOPATH(t)
	on := checktest.Findings(t, dir, resourceversion.Analyzer, "resourceversion/a")
	off := checktest.Findings(t, dir, checktest.WithOption(t, resourceversion.Check, "builtin", "false"), "resourceversion/a")
	const builtin, custom, strict = "silently overwrites concurrent changes to the", "is a custom resource", "unlike most built-in kinds"
	if count(on, builtin) == 0 || count(off, builtin) != 0 || count(off, custom) != count(on, custom) || count(on, custom) == 0 ||
		count(on, strict) == 0 || count(off, strict) != count(on, strict) {
		t.Errorf("default: %d built-in, %d custom, %d strict built-in findings; option off: %d built-in, %d custom, %d strict",
			count(on, builtin), count(on, custom), count(on, strict), count(off, builtin), count(off, custom), count(off, strict))
	}
}

func count(findings []string, sub string) int {
	n := 0
	for _, f := range findings {
		if strings.Contains(f, sub) {
			n++
		}
	}
	return n
}
