package apimigration_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/apimigration"
	"github.com/opvet/opvet/internal/checktest"
	"github.com/opvet/opvet/internal/testroot"
)

// oldcrmod returns testdata/oldcrmod, a module on the real
// controller-runtime v0.14.6 and k8s.io v0.26.1, with its dependencies
// (test ones too) in the module cache: analysistest loads modules with
// GOPROXY=off.
func oldcrmod(t *testing.T) string {
	t.Helper()
	return realModule(t, "oldcrmod")
}

// realModule returns the module testdata/name on real libraries, with its
// dependencies (test ones too) in the module cache.
func realModule(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("loads controller-runtime from source")
	}
	dir := filepath.Join(testroot.Shared(t), name)
	cmd := exec.Command("go", "list", "-deps", "-test", "./upgrade/...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("downloading the modules of %s: %v\n%s", dir, err, out)
	}
	return dir
}

// TestUpgrade: controller-runtime v0.14.6 code of that era, upgraded to
// v0.21 (Kubernetes 1.33).
func TestUpgrade(t *testing.T) {
	a := checktest.WithOption(t, apimigration.Check, "target-controller-runtime", "v0.21")
	analysistest.RunWithSuggestedFixes(t, oldcrmod(t), a, "./upgrade/...")
}

// TestUpgradeV06: controller-runtime v0.6.5 code (k8s.io v0.18.6) planned
// to Kubernetes 1.37: calls that survive the narrowed parameters of v0.7
// and v0.9, a changed result handed straight to a changed parameter, the
// fake client's new result, and type arguments inferred by generic
// functions.
func TestUpgradeV06(t *testing.T) {
	a := checktest.WithOption(t, apimigration.Check, "target-kubernetes", "1.37")
	analysistest.Run(t, realModule(t, "oldcr6mod"), a, "./upgrade/...")
}

// stubs is a GOPATH root with client-go v0.17's typed client (before the
// contexts of Kubernetes 1.18) and fixture packages with their own go.mod.
func stubs(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "stubs"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestClientGoContext: the typed client calls of client-go v0.17, upgraded
// to Kubernetes 1.33, with the context in scope passed first.
func TestClientGoContext(t *testing.T) {
	a := checktest.WithOption(t, apimigration.Check, "target-kubernetes", "1.33")
	analysistest.RunWithSuggestedFixes(t, stubs(t), a, "example.com/clientgo", "example.com/waitdep", "example.com/nomod")
}

// TestRandfillFuncs: the custom fill functions of a conversion fuzz test
// taking gofuzz's Continue, with apimachinery v0.31 in go.mod, upgraded to
// Kubernetes 1.33 (randfill); quiet with v0.33 in go.mod.
func TestRandfillFuncs(t *testing.T) {
	a := checktest.WithOption(t, apimigration.Check, "target-kubernetes", "1.33")
	analysistest.Run(t, stubs(t), a, "example.com/fuzzfuncs", "example.com/fuzzfuncsnew")
	before := checktest.WithOption(t, apimigration.Check, "target-kubernetes", "1.32")
	if got := checktest.Findings(t, stubs(t), before, "example.com/fuzzfuncs"); len(got) != 0 {
		t.Errorf("target 1.32: %v", got)
	}
}

// TestQuiet: no target, or a target no newer than go.mod's releases, is
// silence.
func TestQuiet(t *testing.T) {
	dir := stubs(t)
	if got := checktest.Findings(t, dir, apimigration.Analyzer, "example.com/clientgo"); len(got) != 0 {
		t.Errorf("no target: %v", got)
	}
	for _, target := range []string{"1.16", "1.17"} {
		a := checktest.WithOption(t, apimigration.Check, "target-kubernetes", target)
		if got := checktest.Findings(t, dir, a, "example.com/clientgo"); len(got) != 0 {
			t.Errorf("target %s (go.mod has 1.17): %v", target, got)
		}
	}
	a := checktest.WithOption(t, apimigration.Check, "target-controller-runtime", "v0.25")
	if got := checktest.Findings(t, dir, a, "example.com/clientgo"); len(got) != 6 {
		t.Errorf("target-controller-runtime v0.25 (Kubernetes 1.37): %d findings, want 6: %v", len(got), got)
	}
}

// TestDeprecated: deprecated=true reports what go.mod's release already
// deprecates.
func TestDeprecated(t *testing.T) {
	a := checktest.WithOption(t, apimigration.Check, "target-kubernetes", "1.33")
	if err := a.Flags.Set("deprecated", "true"); err != nil {
		t.Fatal(err)
	}
	got := checktest.Findings(t, stubs(t), a, "example.com/waitdep")
	want := "wait.PollImmediate is deprecated since k8s.io/apimachinery v0.27, before go.mod's release (go.mod has v0.28.0, target v0.33)"
	if len(got) != 1 || !strings.Contains(got[0], want) {
		t.Errorf("deprecated=true: %v, want %q", got, want)
	}
	checktest.WithOption(t, apimigration.Check, "deprecated", "true")
}

func TestValidate(t *testing.T) {
	for _, bad := range [][2]string{{"target-controller-runtime", "1.21"}, {"target-controller-runtime", "v1.0"}, {"target-kubernetes", "v1.33"}, {"target-kubernetes", "1.33.1"}} {
		a, err := apimigration.Check.FromSettings(nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Flags.Set(bad[0], bad[1]); err == nil {
			t.Errorf("%s=%s accepted", bad[0], bad[1])
		}
	}
}

// TestMethodAdded: a type of the operator's used as client.Writer lacks
// the Apply method v0.22 adds; a wrapper that embeds the interface gains
// it.
func TestMethodAdded(t *testing.T) {
	a := checktest.WithOption(t, apimigration.Check, "target-controller-runtime", "v0.22")
	analysistest.Run(t, stubs(t), a, "example.com/writer")
}
