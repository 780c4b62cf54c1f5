package crdversions

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

// sharedPackages reads, from disk and as the schema walk asks for their
// types, the packages of the analysed package's module that are not
// version packages of its group: types shared by the versions, often
// kept in per-version copies (ECK's common/v1 and common/v1beta1), whose
// shapes are compared rather than their import paths.
type sharedPackages struct {
	modPath, modDir string
	fset            *token.FileSet
	pkgs            map[string]*crdkinds.Package
}

// newSharedPackages returns the reader for the module enclosing dir; its
// lookups find nothing when dir is in no module.
func newSharedPackages(dir string) *sharedPackages {
	s := &sharedPackages{fset: token.NewFileSet(), pkgs: map[string]*crdkinds.Package{}}
	root := modtree.Root(dir)
	if root == "" {
		return s
	}
	if data, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
		s.modPath, s.modDir = modfile.ModulePath(data), root
	}
	return s
}

// lookup returns the package importPath of the module, nil for packages
// of other modules (nested ones included) and directories without Go files.
func (s *sharedPackages) lookup(importPath string) *crdkinds.Package {
	if s == nil || s.modPath == "" {
		return nil
	}
	if p, ok := s.pkgs[importPath]; ok {
		return p
	}
	var p *crdkinds.Package
	if rest, ok := strings.CutPrefix(importPath, s.modPath); ok && (rest == "" || rest[0] == '/') {
		dir := filepath.Join(s.modDir, filepath.FromSlash(path.Clean("/"+rest)))
		if modtree.Root(dir) == s.modDir {
			p = crdkinds.LazyPackage(s.fset, importPath, dir)
		}
	}
	s.pkgs[importPath] = p
	return p
}
