package analyzers_test

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/testroot"
)

// TestParallelChecks runs every check at once over many packages, as the
// drivers do: checker.Analyze runs the actions of different analyzers on
// one package concurrently, so helper results that several checks share
// are read in parallel. Run under -race (as .ci/run does), it fails on any
// helper result that is mutated after its Run returns.
//
// The packages are every check's test fixtures (bad and good shapes, which
// exercise every helper) and generated reconcilers.
func TestParallelChecks(t *testing.T) {
	var all []*analysis.Analyzer
	for _, c := range analyzers.Checks() {
		if !c.External() {
			all = append(all, c.Analyzer())
		}
	}
	pkgs := loadFixtures(t)
	for i := range 4 {
		pkgs = append(pkgs, testroot.Load(t, fmt.Sprintf("stress%d", i), generate(400))...)
	}
	for range 10 {
		if _, err := checker.Analyze(all, pkgs, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// loadFixtures loads the test packages of every check from the shared
// GOPATH root, with their syntax and types.
func loadFixtures(t *testing.T) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode:  packages.LoadSyntax,
		Tests: true,
		Env:   append(os.Environ(), "GOPATH="+testroot.Fixtures(t), "GO111MODULE=off", "GOFLAGS="),
	}
	patterns := []string{"setfinalizer/...", "statusupdate/...", "resourceversion/...", "mergefrom/...",
		"finalizers/...", "markers/...", "crdversions/...", "statussubresource/...", "writes/..."}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	var ok []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) == 0 {
			ok = append(ok, p)
		}
	}
	if len(ok) < 20 {
		t.Fatalf("only %d fixture packages type-check", len(ok))
	}
	return ok
}
