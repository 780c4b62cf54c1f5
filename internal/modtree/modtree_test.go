package modtree

import (
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
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

func TestIsLocalReplacement(t *testing.T) {
	for _, c := range []struct {
		pkg, version, file string
		want               bool
	}{
		{"example.com/op/api/v1", "v0.0.0-00010101000000-000000000000", "/src/op/api/v1/types.go", true},
		{"example.com/op/api/v1", "", "/src/op/api/v1/types.go", false},                                  // the main module
		{"example.com/lib", "v1.2.3", "/home/u/go/pkg/mod/example.com/lib@v1.2.3/lib.go", false},         // module cache
		{"example.com/lib", "v1.2.3", "/home/u/go/pkg/mod/example.com/fork@v0.1.0/lib.go", false},        // replaced by another version
		{"example.com/lib", "v1.2.3", "/src/op/vendor/example.com/lib/lib.go", false},                    // vendored
		{"sigs.k8s.io/controller-runtime/pkg/client", "v0.20.0", "/src/forks/cr/pkg/client/c.go", false}, // a modelled library
	} {
		fset := token.NewFileSet()
		f := &ast.File{Package: token.Pos(fset.AddFile(c.file, -1, 10).Base())}
		pass := &analysis.Pass{
			Fset: fset, Files: []*ast.File{f}, Pkg: types.NewPackage(c.pkg, "p"),
			Module: &analysis.Module{Path: c.pkg, Version: c.version},
		}
		if got := IsLocalReplacement(pass); got != c.want {
			t.Errorf("IsLocalReplacement(%s %s in %s) = %v, want %v", c.pkg, c.version, c.file, got, c.want)
		}
	}
}
