package versionskew_test

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/versionskew"
	"github.com/opvet/opvet/internal/testroot"
)

// recorder is an analysistest.Testing that keeps the errors: analysistest
// reads // want comments only from Go and other files of a package, never
// from go.mod, so the go.mod findings are checked here instead.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestPackages runs the analyzer on real package directories with their
// own go.mod (testdata/src/versionskew/...) and checks that each go.mod
// finding is reported exactly once, by the module's reporting package, and
// nowhere else.
func TestPackages(t *testing.T) {
	testdata := testroot.GOPATH(t)
	rec := &recorder{}
	results := analysistest.Run(rec, testdata, versionskew.Analyzer,
		"versionskew/skew/...", "versionskew/typeerr", "versionskew/nomod", "versionskew/layout/...", "versionskew/bad")
	var got []string
	for _, res := range results {
		for _, d := range res.Diagnostics {
			p := res.Pass.Fset.Position(d.Pos)
			rel, err := filepath.Rel(filepath.Join(testdata, "src"), p.Filename)
			if err != nil {
				rel = p.Filename
			}
			got = append(got, fmt.Sprintf("%s %s:%d: %s", res.Pass.Pkg.Path(), filepath.ToSlash(rel), p.Line, d.Message))
		}
	}
	sort.Strings(got)
	want := []string{
		"versionskew/bad versionskew/bad/go.mod:6: versionskew: go.mod does not parse",
		"versionskew/layout/api/v1 versionskew/layout/go.mod:3: versionskew: go 1.21 is older than go 1.22.0",
		"versionskew/skew versionskew/skew/go.mod:15: versionskew: k8s.io/metrics v0.29.0 is from Kubernetes 1.29 but controller-runtime v0.18.5 is built against 1.30",
		"versionskew/skew versionskew/skew/go.mod:15: versionskew: this // opvet:ignore directive in go.mod gives no reason",
		"versionskew/skew versionskew/skew/go.mod:8: versionskew: k8s.io/client-go v0.31.0 is from Kubernetes 1.31 but controller-runtime v0.18.5 is built against 1.30",
		"versionskew/typeerr versionskew/typeerr/go.mod:9: versionskew: controller-runtime v0.18.5 is built against Kubernetes 1.30",
	}
	// The skew package is analyzed twice (with and without its in-package
	// test), and the drivers drop the repeated diagnostic; count packages.
	var distinct []string
	for _, g := range got {
		if len(distinct) == 0 || distinct[len(distinct)-1] != g {
			distinct = append(distinct, g)
		}
	}
	if len(distinct) != len(want) {
		t.Errorf("got %d distinct findings, want %d:\n%s", len(distinct), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if i < len(distinct) && !strings.HasPrefix(distinct[i], want[i]) {
			t.Errorf("finding %d:\n got %s\nwant %s...", i, distinct[i], want[i])
		}
	}
	// The only test errors allowed are analysistest's complaints about the
	// go.mod findings, which it cannot match with // want.
	for _, e := range rec.errs {
		if !strings.Contains(e, "go.mod:") || !strings.Contains(e, "unexpected diagnostic") {
			t.Errorf("analysistest: %s", e)
		}
	}
}
