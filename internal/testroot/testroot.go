// Package testroot builds the GOPATH-style roots that analysistest needs:
// the shared stubs (<repo>/testdata/src, and <repo>/testdata/oldcr/src for
// controller-runtime before v0.15) together with the fixtures of the test's
// own package (its testdata/src), which live with the check they test.
// Only tests use it.
package testroot

import (
	"io/fs"
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

// GOPATH returns a GOPATH root for analysistest whose src holds the
// shared stubs (the entries of <repo>/testdata/src: k8s.io, sigs.k8s.io,
// example.com) and the entries of the calling test's testdata/src (its
// own fixtures, which live with the check). Fixtures may import the stubs
// and each other.
func GOPATH(tb testing.TB) string {
	tb.Helper()
	return link(tb, filepath.Join(Shared(tb), "src"), ownSrc(tb, "src"))
}

// OldControllerRuntime is GOPATH for controller-runtime before v0.15,
// whose Status() returned client.StatusWriter: the stubs of
// <repo>/testdata/oldcr/src (k8s.io links to the shared stubs) and the
// entries of the calling test's testdata/oldcr/src.
func OldControllerRuntime(tb testing.TB) string {
	tb.Helper()
	return link(tb, filepath.Join(Shared(tb), "oldcr", "src"), ownSrc(tb, filepath.Join("oldcr", "src")))
}

// Fixtures is GOPATH over the fixtures of every check and helper pass:
// the stubs plus the entries of each testdata/src under <repo>/analyzers,
// <repo>/passes and <repo>/internal/k8s. The stress test loads them all.
func Fixtures(tb testing.TB) string {
	tb.Helper()
	srcs := []string{filepath.Join(Shared(tb), "src")}
	for _, pattern := range []string{"analyzers/*/testdata/src", "passes/*/testdata/src", "internal/k8s/testdata/src"} {
		dirs, err := filepath.Glob(filepath.Join(Shared(tb), "..", filepath.FromSlash(pattern)))
		if err != nil || len(dirs) == 0 {
			tb.Fatalf("testroot: no fixtures match %s: %v", pattern, err)
		}
		srcs = append(srcs, dirs...)
	}
	return link(tb, srcs...)
}

// ownSrc is the absolute path of rel under the calling test's testdata
// directory ("" when it does not exist).
func ownSrc(tb testing.TB, rel string) string {
	tb.Helper()
	d, err := filepath.Abs(filepath.Join("testdata", rel))
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := os.Stat(d); err != nil {
		return ""
	}
	return d
}

// link makes a temporary GOPATH whose src mirrors every entry of each of
// srcs ("" entries are skipped): real directories, and a symbolic link for
// each file (the go command ignores linked directories when it matches
// pattern/...). Two files of the same path are an error: one definition of
// each package.
func link(tb testing.TB, srcs ...string) string {
	tb.Helper()
	root := tb.TempDir()
	dst := filepath.Join(root, "src")
	for _, src := range srcs {
		if src == "" {
			continue
		}
		err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			if rel == "README.md" {
				return nil
			}
			target := filepath.Join(dst, rel)
			if d.IsDir() {
				return os.MkdirAll(target, 0o755)
			}
			if d.Type()&fs.ModeSymlink != 0 {
				// A linked directory (testdata/oldcr/src/k8s.io): mirror
				// what it points to.
				if fi, err := os.Stat(p); err == nil && fi.IsDir() {
					real, err := filepath.EvalSymlinks(p)
					if err != nil {
						return err
					}
					return mirror(real, target)
				}
			}
			return os.Symlink(p, target)
		})
		if err != nil {
			tb.Fatalf("testroot: %v", err)
		}
	}
	return root
}

// mirror links every file under src from the same path under dst.
func mirror(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		return os.Symlink(p, filepath.Join(dst, rel))
	})
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
