package main

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/driver"
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

// Packages that need a newer Go than opvet was built with are reported
// in one line that says what to do; other errors stay as they are.
func TestSplitTooNew(t *testing.T) {
	errs := []driver.PackageError{
		{Package: "example.com/m/a", First: "a/a.go:1:1: package requires newer Go version go1.27 (application built with go1.26)"},
		{Package: "example.com/m/b", First: "b/b.go:3:1: file requires newer Go version go1.27.2 (application built with go1.26)"},
		{Package: "example.com/m/c", First: "c/c.go:4:2: undefined: x"},
	}
	rest, line := splitTooNew(errs, "go1.26.8")
	if len(rest) != 1 || rest[0].Package != "example.com/m/c" {
		t.Errorf("rest = %v, want only example.com/m/c", rest)
	}
	for _, want := range []string{"2 packages were not analysed", "they need go1.27.2", "built with go1.26.8", "GOTOOLCHAIN=go1.27.2 go install"} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
	if _, line := splitTooNew(errs[:1], "go1.26.8"); !strings.Contains(line, "GOTOOLCHAIN=go1.27.0 go install") {
		t.Errorf("a language version names its first release as the toolchain: %q", line)
	}
	if rest, line := splitTooNew(errs[2:], "go1.26.8"); len(rest) != 1 || line != "" {
		t.Errorf("no package too new: rest %v, line %q", rest, line)
	}
}
