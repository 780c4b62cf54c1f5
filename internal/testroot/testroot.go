// Package testroot locates the repository's GOPATH-style test data for
// analysistest: the shared root (<repo>/testdata, whose src holds the
// stubs and every check's test packages) and the root of the old
// controller-runtime stubs (<repo>/testdata/oldcr). Only tests use it.
package testroot

import (
	"os"
	"path"
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/tools/go/packages"
)

// dir is <repo>/testdata, found from this file's location.
func dir(tb testing.TB) string {
	tb.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		tb.Fatal("testroot: cannot locate the repository")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// Shared returns the absolute path of <repo>/testdata.
func Shared(tb testing.TB) string {
	tb.Helper()
	d, err := filepath.Abs(dir(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// OldControllerRuntime returns a GOPATH root whose src links to the
// entries of testdata/oldcr/src: controller-runtime before v0.15
// (client.StatusWriter), k8s.io (a link to the shared stubs) and the test
// packages written against them. A root of its own keeps analysistest in
// GOPATH mode whatever else appears in testdata/oldcr (a go.mod there
// would switch it to module mode).
func OldControllerRuntime(tb testing.TB) string {
	tb.Helper()
	root := tb.TempDir()
	src := filepath.Join(Shared(tb), "oldcr", "src")
	entries, err := os.ReadDir(src)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "src"), 0o755); err != nil {
		tb.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Symlink(filepath.Join(src, e.Name()), filepath.Join(root, "src", e.Name())); err != nil {
			tb.Fatal(err)
		}
	}
	return root
}

// Load type-checks one package written for the test, importPath with
// the Go source src, in GOPATH mode over the shared root (so it may
// import the stubs and the test packages there). Benchmarks use it for
// generated code.
func Load(tb testing.TB, importPath, src string) []*packages.Package {
	tb.Helper()
	gopath := tb.TempDir()
	dir := filepath.Join(gopath, "src", filepath.FromSlash(importPath))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, path.Base(importPath)+".go"), []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadSyntax,
		Dir:  dir,
		Env: append(os.Environ(), "GOPATH="+gopath+string(os.PathListSeparator)+Shared(tb),
			"GO111MODULE=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, importPath)
	if err != nil {
		tb.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		tb.Fatalf("testroot: %s does not type-check", importPath)
	}
	return pkgs
}
