// Package crdkinds finds the kinds that controller-gen makes CRDs of in the
// package under analysis, and the other API versions of their group in the
// sibling directories. It never reports.
//
// A kind is a struct that embeds metav1.TypeMeta and metav1.ObjectMeta, in
// a package with an API group (`// +groupName=` or a `schema.GroupVersion
// {Group: ...}` variable named GroupVersion or SchemeGroupVersion) and a
// version (`+versionName`, the GroupVersion variable, or the directory's
// name). Types marked `+kubebuilder:skipversion` are not kinds. The other
// versions are the sibling directories named like Kubernetes versions
// (api/v1, api/<group>/v1, apis/..., pkg/apis/...) that declare the same
// group; they are parsed from disk without type information, so a version
// package that the analysed package does not import still counts, and an
// unreadable directory counts as absent.
package crdkinds

import (
	"go/ast"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/passes/markerindex"
)

// Analyzer computes the *Group of a package, or nil when the package
// declares no kind.
var Analyzer = &analysis.Analyzer{
	Name:             "opvetcrdkinds",
	Doc:              "find the CRD kinds of an API package and its sibling versions (helper, never reports)",
	Run:              run,
	RunDespiteErrors: true,
	Requires:         []*analysis.Analyzer{markerindex.Analyzer},
	ResultType:       reflect.TypeFor[*Group](),
}

// Group is the API group of the analysed package. It is shared by several
// checks and immutable: readers must not modify it or its packages.
type Group struct {
	// Name is the API group ("apps.example.com").
	Name string
	// Dir is the directory of the analysed package.
	Dir string
	// Current is the analysed package, whose files are the pass's.
	Current *Package
	// Versions holds Current first, then one package per other version
	// of the group found in sibling directories (packages marked
	// +kubebuilder:skip left out).
	Versions []*Package
}

// Of returns the versions of the kind named name, highest priority first
// (GA before beta before alpha, higher numbers first).
func (g *Group) Of(name string) []*Kind {
	var kvs []*Kind
	for _, p := range g.Versions {
		if kv := p.Kinds[name]; kv != nil {
			kvs = append(kvs, kv)
		}
	}
	SortKinds(kvs)
	return kvs
}

func run(pass *analysis.Pass) (any, error) {
	var g *Group
	if pass.Pkg == nil || strings.HasSuffix(pass.Pkg.Name(), "_test") {
		return g, nil
	}
	var files []*ast.File
	dir := ""
	for _, f := range pass.Files {
		name := pass.Fset.File(f.Pos()).Name()
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		files = append(files, f)
		dir = filepath.Dir(name)
	}
	if dir == "" {
		return g, nil
	}
	idx, _ := pass.ResultOf[markerindex.Analyzer].(*markerindex.Index)
	if idx == nil {
		idx = markerindex.IndexFiles(files...)
	}
	cur := newPackage(pass.Fset, idx, pass.Pkg.Path(), filepath.Base(dir), files)
	if cur == nil || cur.Skip {
		return g, nil
	}
	cur.Current = true
	g = &Group{Name: cur.Group, Dir: dir, Current: cur, Versions: []*Package{cur}}
	seen := map[string]bool{cur.Version: true}
	for _, p := range siblings(token.NewFileSet(), dir, pass.Pkg.Path(), cur.Group) {
		if p.Skip || seen[p.Version] {
			continue
		}
		seen[p.Version] = true
		g.Versions = append(g.Versions, p)
	}
	return g, nil
}

// maxWalkDirs bounds the directories DefinedElsewhere visits.
const maxWalkDirs = 20000

// DefinedElsewhere reports whether a directory named version anywhere in
// the module of dir (or in its enclosing module, for a nested API module)
// declares kind in group: version packages need not be siblings (an old
// version moved to internal/). Directories that `./...` skips and nested
// modules are not searched; unreadable ones count as absent.
func DefinedElsewhere(dir, group, version, kind string) bool {
	root := modtree.Root(dir)
	if root == "" {
		return false
	}
	roots := []string{root}
	if outer := modtree.Root(filepath.Dir(root)); outer != "" {
		roots = append(roots, outer)
	}
	for _, r := range roots {
		if definedUnder(r, group, version, kind) {
			return true
		}
	}
	return false
}

func definedUnder(root, group, version, kind string) bool {
	found := false
	n := 0
	fset := token.NewFileSet()
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if modtree.SkipDir(root, p) {
			return filepath.SkipDir
		}
		if n++; n > maxWalkDirs {
			return filepath.SkipAll
		}
		if d.Name() != version {
			return nil
		}
		files := ParseDir(fset, p)
		if len(files) == 0 {
			return nil
		}
		pkg := newPackage(fset, markerindex.IndexFiles(files...), "", version, files)
		if pkg != nil && !pkg.Skip && pkg.Group == group && pkg.Kinds[kind] != nil {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}
