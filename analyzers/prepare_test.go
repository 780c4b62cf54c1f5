package analyzers_test

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/driver"
	"github.com/opvet/opvet/internal/runcache"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

// TestPrepareSharesRunCache: the standalone driver's preparation hands
// every package of the run the same memo (one walk of the module per
// run); without it, as in per-package drivers, there is none.
func TestPrepareSharesRunCache(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"a/a.go": "package a\n",
		"b/b.go": "package b\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, prepared := range []bool{true, false} {
		var mu sync.Mutex
		seen := map[*runcache.Cache]int{}
		probe := &analysis.Analyzer{
			Name:     "probe",
			Doc:      "records the memo each package gets",
			Requires: []*analysis.Analyzer{runcachepass.Analyzer},
			Run: func(pass *analysis.Pass) (any, error) {
				mu.Lock()
				seen[runcachepass.Of(pass)]++
				mu.Unlock()
				return nil, nil
			},
		}
		opts := driver.Options{Dir: dir}
		if prepared {
			opts.Prepare = analyzers.PrepareForModule
		}
		if _, err := driver.Run([]*analysis.Analyzer{probe}, []string{"./..."}, opts); err != nil {
			t.Fatal(err)
		}
		packages := 0
		for _, n := range seen {
			packages += n
		}
		if packages < 2 || len(seen) != 1 {
			t.Fatalf("prepared=%v: %d packages got %d distinct memos, want one for all of at least 2", prepared, packages, len(seen))
		}
		if _, isNil := seen[nil]; isNil == prepared {
			t.Errorf("prepared=%v: the memo is nil=%v", prepared, isNil)
		}
	}
}
