package crdcompat

import (
	"go/token"
	"os"
	"path"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/passes/crdkinds"
)

// diskUniverse is the Go source of the work tree for the current schema:
// the group's version packages of the pass, and other packages of the
// package's module (and of the module enclosing it) read from disk when a
// type refers to them. One pass owns it.
type diskUniverse struct {
	group   *crdkinds.Group
	modules []module // import path prefix and absolute directory
	fset    *token.FileSet
	pkgs    map[string]*crdkinds.Package
}

func newDiskUniverse(g *crdkinds.Group, root string) *diskUniverse {
	u := &diskUniverse{group: g, fset: token.NewFileSet(), pkgs: map[string]*crdkinds.Package{}}
	for _, r := range []string{root, modtree.Root(filepath.Dir(root))} {
		if r == "" {
			continue
		}
		if data, err := os.ReadFile(filepath.Join(r, "go.mod")); err == nil {
			if mp := modfile.ModulePath(data); mp != "" {
				u.modules = append(u.modules, module{path: mp, dir: r})
			}
		}
	}
	return u
}

// Package implements crdkinds.Universe.
func (u *diskUniverse) Package(importPath string) *crdkinds.Package {
	for _, p := range u.group.Versions {
		if p.ImportPath == importPath {
			return p
		}
	}
	if p, ok := u.pkgs[importPath]; ok {
		return p
	}
	var p *crdkinds.Package
	if dir := u.dirOf(importPath); dir != "" {
		if dir == u.group.Dir {
			p = u.group.Current
		} else {
			p = crdkinds.LazyPackage(u.fset, importPath, dir)
		}
	}
	u.pkgs[importPath] = p
	return p
}

// dirOf maps an import path to a directory of the first module (the
// package's own before the enclosing one) whose path prefixes it.
func (u *diskUniverse) dirOf(importPath string) string {
	for _, m := range u.modules {
		rest, ok := strings.CutPrefix(importPath, m.path)
		if !ok || (rest != "" && rest[0] != '/') {
			continue
		}
		dir := filepath.Join(m.dir, filepath.FromSlash(path.Clean("/"+rest)))
		if modtree.Root(dir) != m.dir {
			return "" // a nested module of its own
		}
		return dir
	}
	return ""
}
