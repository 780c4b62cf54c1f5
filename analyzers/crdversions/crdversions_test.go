package crdversions_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/crdversions"
	"github.com/opvet/opvet/internal/testroot"
)

// versions lists the version packages of each scenario.
var versions = map[string][]string{
	"nostorage":       {"api/v1", "api/v1alpha1"},
	"twostorage":      {"api/v1", "api/v1beta1"},
	"unserved":        {"api/v1", "api/v2"},
	"noconversion":    {"api/batch/v1", "api/batch/v1alpha1"},
	"halfconvertible": {"api/v1", "api/v1beta1", "api/v1alpha1", "api/v1alpha2"},
	"twohubs":         {"api/v1", "api/v1beta1"},
	"spokemissing":    {"api/v1", "api/v1alpha1", "api/v1beta1"},
	"clean":           {"api/v1", "api/v1alpha1"},
	"nowebhook":       {"api/v1", "api/v1alpha1"},
	"apionly":         {"api/v1", "api/v1alpha1"},
	"scaffold":        {"api/v1", "api/v1alpha1"},
	"convgen":         {"api/v1", "api/v1alpha1"},
	"convfuncs":       {"api/v1", "api/v1alpha1"},
	"hubspoke":        {"api/v1", "api/v1alpha1"},
	"mixedgroups":     {"pkg/apis/v1", "pkg/apis/v2", "pkg/apis/v3"},
	"reuse":           {"api/v1", "api/v1beta1"},
	"skipversion":     {"api/v1", "api/v1alpha1", "api/v1beta1"},
	"testregistered":  {"api/v1", "api/v1alpha1"},
	"shared":          {"api/v1", "api/v1beta1"},
	"ownconverter":    {"api/v1", "api/v1alpha1"},
	"retired":         {"pkg/apis/jet/v1beta1", "pkg/apis/jet/v1beta2", "pkg/apis/kb/v1", "pkg/apis/kb/v1alpha1"},
	"foreign": {"pkg/apis/split/v1alpha1", "pkg/apis/split/v1alpha2", "pkg/apis/own/v1", "pkg/apis/own/v1beta1",
		"pkg/apis/gen/v1", "pkg/apis/gen/v1beta1"},
}

// TestScenarios loads every scenario at once: one package load is most
// of a test's time.
func TestScenarios(t *testing.T) {
	var pkgs []string
	for scenario, vs := range versions {
		for _, v := range vs {
			pkgs = append(pkgs, "crdversions/"+scenario+"/"+v)
		}
	}
	analysistest.Run(t, testroot.GOPATH(t), crdversions.Analyzer, pkgs...)
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testroot.GOPATH(t), crdversions.Analyzer,
		"crdversions/nostorage/api/v1", "crdversions/twostorage/api/v1beta1")
}
