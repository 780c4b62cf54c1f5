package driver

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Modules nested in the tree.
//
// A pattern such as ./... stops at a directory with a go.mod of its own,
// so a module that the main module replaces with one of its directories
// (replace example.com/op/api => ./api, where operators keep their API
// types) is loaded only as a dependency: the checks that read a package's
// own declarations (markers, crdmanifests) do not run on it. A run says so
// instead of skipping it in silence.

// unreachedModules returns a note for each module that a package of the
// run imports and that is replaced by a directory under a recursive
// pattern's base (dir relative), none of whose packages is a root. Only
// the project's own modules count, those whose path lies below a main
// module's (example.com/op/api below example.com/op): a local fork or stub
// of a library (replace k8s.io/apimachinery => ./third_party/...) is no
// code of the project's to check.
func unreachedModules(pkgs []*packages.Package, patterns []string, dir string) []string {
	bases := recursiveBases(patterns, dir)
	if len(bases) == 0 {
		return nil
	}
	rooted := map[string]bool{}
	var mains []string
	for _, p := range pkgs {
		if p.Module != nil {
			rooted[p.Module.Path] = true
			if p.Module.Main {
				mains = append(mains, p.Module.Path)
			}
		}
	}
	found := map[string]string{} // module path -> its directory
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		m := p.Module
		if m == nil || m.Main || rooted[m.Path] || m.Replace == nil || m.Replace.Version != "" || m.Dir == "" ||
			!slices.ContainsFunc(mains, func(main string) bool { return strings.HasPrefix(m.Path, main+"/") }) {
			return
		}
		if slices.ContainsFunc(bases, func(b string) bool { return within(m.Dir, b) }) {
			found[m.Path] = m.Dir
		}
	})
	var notes []string
	for path, mdir := range found {
		rel := mdir
		if r, err := filepath.Rel(absDir(dir), mdir); err == nil {
			rel = r
		}
		notes = append(notes, fmt.Sprintf("module %s in %s, which this module replaces with a directory of its tree, has a go.mod of its own, "+
			"so the patterns did not reach it and its packages were not checked (their markers and CRD manifests among them): run opvet in %s too",
			path, rel, rel))
	}
	slices.Sort(notes)
	return notes
}

// recursiveBases returns the absolute base directories of the patterns
// that name a directory tree (./..., ./api/...).
func recursiveBases(patterns []string, dir string) []string {
	var bases []string
	for _, p := range patterns {
		base, ok := strings.CutSuffix(p, "...")
		if !ok || !(base == "" || base == "./" || base == "." || strings.HasPrefix(base, "./") || strings.HasPrefix(base, "../") || filepath.IsAbs(base)) {
			continue // an import path pattern (example.com/op/...): not a directory
		}
		base = strings.TrimSuffix(base, "/")
		if !filepath.IsAbs(base) {
			base = filepath.Join(absDir(dir), base)
		}
		bases = append(bases, filepath.Clean(base))
	}
	return bases
}

// within reports whether path is base or lies below it.
func within(path, base string) bool {
	rel, err := filepath.Rel(base, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// absDir returns dir as an absolute path ("" is the current directory).
func absDir(dir string) string {
	abs, err := filepath.Abs(cmp.Or(dir, "."))
	if err != nil {
		return dir
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}
