// Package checktest has the test helpers that every check's tests share:
// an analyzer with one option set off its default, and the findings of a
// run without // want assertions, for comparing two configurations on
// the same fixture. Only tests use it.
package checktest

import (
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/internal/check"
)

// WithOption returns a new analyzer of the check d with its option key
// set to value through the option's flag, as `-<check>.<key>=<value>`
// does. It fails the test when value is the option's default: every
// option is tested off its default (the registry's tests look for a call
// of WithOption for each option in the check's tests).
func WithOption(tb testing.TB, d check.Descriptor, key, value string) *analysis.Analyzer {
	tb.Helper()
	a, err := d.FromSettings(nil)
	if err != nil {
		tb.Fatal(err)
	}
	f := a.Flags.Lookup(key)
	if f == nil {
		tb.Fatalf("%s has no option %q", d.Name(), key)
	}
	if err := f.Value.Set(value); err != nil {
		tb.Fatalf("-%s.%s=%s: %v", d.Name(), key, value, err)
	}
	if f.Value.String() == f.DefValue {
		tb.Fatalf("-%s.%s=%s is the default; test the option off its default", d.Name(), key, value)
	}
	return a
}

// Findings runs a on the packages of the GOPATH root dir and returns
// "file:line: message" for each diagnostic (file relative to dir/src),
// sorted, without checking // want comments.
func Findings(tb testing.TB, dir string, a *analysis.Analyzer, pkgs ...string) []string {
	tb.Helper()
	return each(tb, dir, a, pkgs, func(_ *token.FileSet, d analysis.Diagnostic) (string, bool) {
		return d.Message, true
	})
}

// Related runs a like Findings and returns, for each diagnostic that has
// related information, "file:line: related-line message, ..." (the related
// places' lines and messages), sorted.
func Related(tb testing.TB, dir string, a *analysis.Analyzer, pkgs ...string) []string {
	tb.Helper()
	return each(tb, dir, a, pkgs, func(fset *token.FileSet, d analysis.Diagnostic) (string, bool) {
		var places []string
		for _, r := range d.Related {
			places = append(places, fmt.Sprintf("%d %s", fset.Position(r.Pos).Line, r.Message))
		}
		return strings.Join(places, ", "), len(places) > 0
	})
}

// each runs a on pkgs of the GOPATH root dir and returns "file:line: text"
// for each diagnostic that describe gives a text, sorted.
func each(tb testing.TB, dir string, a *analysis.Analyzer, pkgs []string, describe func(*token.FileSet, analysis.Diagnostic) (string, bool)) []string {
	tb.Helper()
	var out []string
	for _, res := range analysistest.Run(discard{}, dir, a, pkgs...) {
		if res.Err != nil {
			tb.Fatalf("%s: %v", a.Name, res.Err)
		}
		for _, d := range res.Diagnostics {
			text, ok := describe(res.Pass.Fset, d)
			if !ok {
				continue
			}
			p := res.Pass.Fset.Position(d.Pos)
			rel, err := filepath.Rel(filepath.Join(dir, "src"), p.Filename)
			if err != nil {
				rel = p.Filename
			}
			out = append(out, fmt.Sprintf("%s:%d: %s", filepath.ToSlash(rel), p.Line, text))
		}
	}
	sort.Strings(out)
	return out
}

// discard drops analysistest's complaints about // want comments.
type discard struct{}

func (discard) Errorf(string, ...any) {}

// Count returns how many findings contain sub.
func Count(findings []string, sub string) int {
	n := 0
	for _, f := range findings {
		if strings.Contains(f, sub) {
			n++
		}
	}
	return n
}
