package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScaffold: a new check is its package plus two registry lines (its
// import and its entry).
func TestScaffold(t *testing.T) {
	root := t.TempDir()
	registry, err := os.ReadFile(filepath.Join("..", "..", "analyzers", "registry.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "analyzers"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "analyzers", "registry.go"), registry, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := scaffold(root, "leakcheck"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"doc.go", "leakcheck.go", "leakcheck_test.go", "testdata/src/leakcheck/a/a.go"} {
		if _, err := os.Stat(filepath.Join(root, "analyzers", "leakcheck", f)); err != nil {
			t.Error(err)
		}
	}
	after, err := os.ReadFile(filepath.Join(root, "analyzers", "registry.go"))
	if err != nil {
		t.Fatal(err)
	}
	added := lineDiff(string(registry), string(after))
	want := []string{`"github.com/opvet/opvet/analyzers/leakcheck"`, "leakcheck.Check,"}
	if len(added) != len(want) || !strings.Contains(added[0], want[0]) || !strings.Contains(added[1], want[1]) {
		t.Errorf("registry lines added: %q, want %q", added, want)
	}
	if err := scaffold(root, "leakcheck"); err == nil {
		t.Error("scaffolding an existing check succeeded")
	}
	if err := scaffold(root, "Bad-Name"); err == nil {
		t.Error("an invalid name was accepted")
	}
}

// lineDiff returns the lines of b that a lacks.
func lineDiff(a, b string) []string {
	have := map[string]int{}
	for _, l := range strings.Split(a, "\n") {
		have[l]++
	}
	var out []string
	for _, l := range strings.Split(b, "\n") {
		if have[l] > 0 {
			have[l]--
			continue
		}
		out = append(out, strings.TrimSpace(l))
	}
	return out
}
