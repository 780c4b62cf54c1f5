package crdmanifests_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/crdmanifests"
	"github.com/opvet/opvet/internal/checktest"
	"github.com/opvet/opvet/internal/testroot"
)

// scenarios lists the API packages of each fixture module.
var scenarios = map[string][]string{
	"stale":          {"api/v1"},
	"versions":       {"api/v1", "api/v1alpha1"},
	"status":         {"api/v1"},
	"v1beta1":        {"api/v1"},
	"helm":           {"api/v1"},
	"othergroup":     {"api/v1"},
	"nomanifest":     {"api/v1"},
	"nearest":        {"test/t1/v1", "test/t2/v1"},
	"nested":         {"api/v1"},
	"handwritten":    {"api/v1"},
	"frozen":         {"api/v1"},
	"archived":       {"api/v1"},
	"templated":      {"api/v1"},
	"thirdparty":     {"api/hub"},
	"retired":        {"api/v1", "api/v1beta1"},
	"pkgnamed":       {"internal/fake"},
	"orphan":         {"api/v1"},
	"abandonedchart": {"api/v1"},
	"releasedchart":  {"api/v1"},
}

// TestScenarios loads every scenario at once: one package load is most
// of a test's time.
func TestScenarios(t *testing.T) {
	var pkgs []string
	for scenario, dirs := range scenarios {
		for _, d := range dirs {
			pkgs = append(pkgs, "crdmanifests/"+scenario+"/"+d)
		}
	}
	analysistest.Run(t, testroot.GOPATH(t), crdmanifests.Analyzer, pkgs...)
}

// TestRemovedFields reports schema properties that the Go type lost, for
// served versions only, with removed-fields on; by default they are not
// reported.
func TestRemovedFields(t *testing.T) {
	dir := testroot.GOPATH(t)
	pkgs := []string{"crdmanifests/removed/api/v1", "crdmanifests/removed/api/v1alpha1"}
	analysistest.Run(t, dir, checktest.WithOption(t, crdmanifests.Check, "removed-fields", "true"), pkgs...)
	if got := checktest.Findings(t, dir, crdmanifests.Analyzer, pkgs...); len(got) != 0 {
		t.Errorf("removed-fields=false reported:\n%s", strings.Join(got, "\n"))
	}
}
