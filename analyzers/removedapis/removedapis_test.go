package removedapis_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/removedapis"
	"github.com/opvet/opvet/internal/checktest"
	"github.com/opvet/opvet/internal/testroot"
)

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), removedapis.Analyzer,
		"removedapis/a", "removedapis/onlyuse", "removedapis/imported", "removedapis/viafield/backup", "removedapis/viafield/jobs")
	analysistest.Run(t, testroot.GOPATH(t), removedapis.Analyzer,
		"removedapis/served", "removedapis/envtest", "removedapis/nomod", "removedapis/clientgo",
		"removedapis/schemeonly", "removedapis/library")
}

// TestTarget: target-kubernetes overrides go.mod's k8s.io/api v0.24.
func TestTarget(t *testing.T) {
	dir := testroot.GOPATH(t)
	if got := checktest.Findings(t, dir, removedapis.Analyzer, "removedapis/served"); len(got) != 0 {
		t.Errorf("default (1.24): %v", got)
	}
	a := checktest.WithOption(t, removedapis.Check, "target-kubernetes", "1.29")
	got := checktest.Findings(t, dir, a, "removedapis/served")
	if len(got) != 1 || !strings.Contains(got[0], "was removed in Kubernetes 1.25, so this Owns fails on 1.29 (target-kubernetes)") {
		t.Errorf("target-kubernetes=1.29: %v", got)
	}
	for _, bad := range []string{"1.x", "2.0", "v1.29", "1.29.1", "1.029"} {
		if err := a.Flags.Set("target-kubernetes", bad); err == nil {
			t.Errorf("target-kubernetes=%s accepted", bad)
		}
	}
}

// TestDeprecated: deprecated=true reports what 1.24 still serves but
// deprecates.
func TestDeprecated(t *testing.T) {
	a := checktest.WithOption(t, removedapis.Check, "deprecated", "true")
	got := checktest.Findings(t, testroot.GOPATH(t), a, "removedapis/served")
	want := "batch/v1beta1 CronJob is deprecated since Kubernetes 1.21 and removed in 1.25, so this Owns stops working on clusters from 1.25 on; use batch/v1"
	if len(got) != 1 || !strings.Contains(got[0], want) {
		t.Errorf("deprecated=true: %v, want %q", got, want)
	}
}

// TestOldControllerRuntime: the struct sources and owner handlers of
// controller-runtime before v0.15 (here with target-kubernetes, since
// k8s.io/api v0.20 still serves both).
func TestOldControllerRuntime(t *testing.T) {
	a := checktest.WithOption(t, removedapis.Check, "target-kubernetes", "1.29")
	analysistest.Run(t, testroot.OldControllerRuntime(t), a, "removedapis/old")
}
