package modtree

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRootAndSkipDir(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"a/b", "nested/x", "testdata", "_tools", ".git", "vendor"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"go.mod", "nested/go.mod"} {
		if err := os.WriteFile(filepath.Join(root, f), []byte("module x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := Root(filepath.Join(root, "a", "b")); got != root {
		t.Errorf("Root(a/b) = %q, want %q", got, root)
	}
	if got := Root(filepath.Join(root, "nested", "x")); got != filepath.Join(root, "nested") {
		t.Errorf("Root(nested/x) = %q, want the nested module", got)
	}
	if got := Root(filepath.Dir(root)); got != "" && got == root {
		t.Errorf("Root above the module = %q", got)
	}
	for rel, want := range map[string]bool{
		".": false, "a": false, "a/b": false, "nested": true, "testdata": true, "_tools": true, ".git": true, "vendor": true,
	} {
		if got := SkipDir(root, filepath.Join(root, rel)); got != want {
			t.Errorf("SkipDir(%s) = %v, want %v", rel, got, want)
		}
	}
}
