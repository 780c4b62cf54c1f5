package main

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/analyzers"
)

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func TestSelect(t *testing.T) {
	checks := analyzers.Checks()
	tests := []struct {
		args     []string
		withSA   bool
		wantArgs []string
	}{
		{[]string{"./..."}, false, []string{"./..."}},
		{[]string{"-SA5005", "./..."}, true, []string{"./..."}},
		{[]string{"-SA5005=true", "-json", "./..."}, true, []string{"-json", "./..."}},
		{[]string{"--SA5005=false", "./..."}, false, []string{"./..."}},
		{[]string{"-SA5005", "x.cfg"}, true, []string{"x.cfg"}},
		{[]string{"-flags"}, true, []string{"-flags"}},
		{[]string{"help", "SA5005"}, true, []string{"help", "SA5005"}},
		{[]string{"-V=full"}, true, []string{"-V=full"}},
		// A package named like a flag after the first pattern is left alone.
		{[]string{"./...", "-SA5005"}, false, []string{"./...", "-SA5005"}},
	}
	for _, tt := range tests {
		got, args := Select(checks, tt.args)
		has := slices.Contains(names(got), "SA5005")
		if has != tt.withSA || !slices.Equal(args, tt.wantArgs) {
			t.Errorf("Select(%q) = SA5005:%v args %q; want SA5005:%v args %q", tt.args, has, args, tt.withSA, tt.wantArgs)
		}
		if !slices.Contains(names(got), "setfinalizer") {
			t.Errorf("Select(%q) dropped a default-on check", tt.args)
		}
	}
}
