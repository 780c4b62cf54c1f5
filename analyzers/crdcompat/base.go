package crdcompat

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"slices"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/opvet/opvet/internal/crdschema"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/passes/crdkinds"
	"github.com/opvet/opvet/passes/markerindex"
)

// Bounds of the base extraction.
const (
	maxBlobSize   = 32 << 20
	maxImportHops = 4
)

// baseModel is the API of the base revision: every CRD kind of the
// repository, from its committed manifests or else from its Go types.
type baseModel struct {
	Kinds []*baseKind `json:"kinds"`
}

// baseKind is one kind of the base revision.
type baseKind struct {
	Group string `json:"group"`
	Kind  string `json:"kind"`
	// Dir is the repository-relative directory of the manifest or Go
	// package it comes from; Manifest tells which.
	Dir      string `json:"dir"`
	Manifest bool   `json:"manifest,omitempty"`
	// Module is the repository-relative directory of the go.mod that
	// governs Dir ("." for the root; "" when none does).
	Module string `json:"module"`
	// GoDirs are the repository-relative directories of the version
	// packages that declared the kind, whatever Dir is.
	GoDirs []string `json:"goDirs,omitempty"`
	Plural string   `json:"plural"`
	// PluralExplicit: the plural was written (a manifest, or the path= of
	// +kubebuilder:resource), not derived by crdkinds.Plural.
	PluralExplicit bool   `json:"pluralExplicit,omitempty"`
	Scope          string `json:"scope"`
	Conversion     bool   `json:"conversion,omitempty"`
	// Generator is the controller-gen version that wrote the manifest.
	Generator string         `json:"generator,omitempty"`
	Versions  []*baseVersion `json:"versions"`
}

// baseVersion is one version of a base kind.
type baseVersion struct {
	Name    string            `json:"name"`
	Served  bool              `json:"served,omitempty"`
	Storage bool              `json:"storage,omitempty"`
	Schema  *crdschema.Schema `json:"schema,omitempty"`
	// GoSchema, for a version read from a manifest, is the schema of the
	// base's Go type of that version, when the base has one: a change is
	// reported only if the Go source made it too (a manifest may be
	// post-processed, stale, or written by another controller-gen).
	GoSchema *crdschema.Schema `json:"goSchema,omitempty"`
}

// version returns k's version named name, or nil.
func (k *baseKind) version(name string) *baseVersion {
	for _, v := range k.Versions {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// storage returns the name of k's storage version, or "".
func (k *baseKind) storage() string {
	for _, v := range k.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

// extractBase reads the API of commit from the repository: the CRD
// documents of its YAML files and, for the kinds that no document
// describes, the Go version packages (versionDir). Directories that
// `./...` skips are left out.
func extractBase(r *repo, commit string) (*baseModel, error) {
	entries, err := r.tree(commit)
	if err != nil {
		return nil, err
	}
	var yamls, gomods []treeEntry
	goDirs := map[string][]treeEntry{}
	for _, e := range entries {
		if skippedPath(e.path) || e.size > maxBlobSize {
			continue
		}
		switch {
		case crdschema.IsYAML(e.path):
			yamls = append(yamls, e)
		case path.Base(e.path) == "go.mod":
			gomods = append(gomods, e)
		case strings.HasSuffix(e.path, ".go") && !strings.HasSuffix(e.path, "_test.go"):
			goDirs[path.Dir(e.path)] = append(goDirs[path.Dir(e.path)], e)
		}
	}
	var first []string
	for _, e := range append(yamls, gomods...) {
		first = append(first, e.hash)
	}
	for dir, es := range goDirs {
		if versionDir(dir, es) {
			for _, e := range es {
				first = append(first, e.hash)
			}
		}
	}
	blobs, err := r.blobs(first)
	if err != nil {
		return nil, err
	}
	m := &baseModel{}
	have := map[string]bool{}
	for _, e := range yamls {
		for _, man := range crdschema.ParseManifests(blobs[e.hash], crdschema.Filter{Keep: crdschema.AllVersions, Templates: true}) {
			k := kindOfManifest(man, path.Dir(e.path))
			m.Kinds = append(m.Kinds, k)
			have[k.Group+"/"+k.Kind] = true
		}
	}
	u := &gitUniverse{r: r, dirs: goDirs, blobs: blobs, fset: token.NewFileSet(), pkgs: map[string]*crdkinds.Package{}}
	u.modules = modulesOf(gomods, blobs)
	kinds, err := u.goKinds()
	if err != nil {
		return nil, err
	}
	attachGoSchemas(m.Kinds, kinds)
	for _, k := range kinds {
		if !have[k.Group+"/"+k.Kind] {
			m.Kinds = append(m.Kinds, k)
		}
	}
	for _, k := range m.Kinds {
		k.Module = moduleDirOf(u.modules, k.Dir)
		k.GoDirs = u.kindDirs[k.Group+"/"+k.Kind]
	}
	sort.SliceStable(m.Kinds, func(i, j int) bool {
		a, b := m.Kinds[i], m.Kinds[j]
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Dir < b.Dir
	})
	return m, nil
}

// attachGoSchemas gives each version of the manifest kinds the schema of
// the Go kind of the same group, name and version, nearest by directory.
func attachGoSchemas(manifests, goKinds []*baseKind) {
	for _, mk := range manifests {
		var best *baseKind
		depth := -1
		for _, gk := range goKinds {
			if gk.Group == mk.Group && gk.Kind == mk.Kind {
				if d := commonDepth(gk.Dir, mk.Dir); d > depth {
					best, depth = gk, d
				}
			}
		}
		if best == nil {
			continue
		}
		for _, v := range mk.Versions {
			if gv := best.version(v.Name); gv != nil {
				v.GoSchema = gv.Schema
			}
		}
	}
}

// versionDir reports whether dir, holding the Go files es, is an API
// version package: named like a version (v1, v1beta2), or holding
// kubebuilder's groupversion_info.go whatever its name (k8gb's
// api/v1beta1io, whose GroupVersion says v1beta1).
func versionDir(dir string, es []treeEntry) bool {
	if crdkinds.VersionRE.MatchString(path.Base(dir)) {
		return true
	}
	return slices.ContainsFunc(es, func(e treeEntry) bool { return path.Base(e.path) == "groupversion_info.go" })
}

// skippedPath reports whether a repository path lies in a directory that
// `./...` skips (testdata, vendor, hidden, `_`) or in node_modules.
func skippedPath(p string) bool {
	parts := strings.Split(p, "/")
	for _, d := range parts[:len(parts)-1] {
		if modtree.SkipName(d) || d == "node_modules" {
			return true
		}
	}
	return false
}

// kindOfManifest converts a CRD document of the base.
func kindOfManifest(man *crdschema.Manifest, dir string) *baseKind {
	k := &baseKind{Group: man.Group, Kind: man.Kind, Dir: dir, Manifest: true,
		Plural: man.Plural, PluralExplicit: man.Plural != "", Scope: firstNonEmpty(man.Scope, "Namespaced"),
		Conversion: man.Conversion == "Webhook", Generator: man.Generator}
	for _, v := range man.Versions {
		bv := &baseVersion{Name: v.Name, Served: v.Served, Storage: v.Storage, Schema: crdschema.FromYAML(v.Schema)}
		if bv.Schema != nil && !man.Prunes {
			bv.Schema.PreserveUnknownFields = true // a v1beta1 CRD that keeps unknown fields everywhere
		}
		k.Versions = append(k.Versions, bv)
	}
	return k
}

// moduleDirOf returns the directory of the innermost module that holds
// dir, or "".
func moduleDirOf(mods []module, dir string) string {
	best := ""
	for _, m := range mods {
		if m.dir != "." && dir != m.dir && !strings.HasPrefix(dir, m.dir+"/") {
			continue
		}
		if best == "" || len(m.dir) > len(best) || best == "." {
			best = m.dir
		}
	}
	return best
}

// module is a Go module of the base revision.
type module struct{ path, dir string }

// modulesOf reads the module paths of the base's go.mod files.
func modulesOf(gomods []treeEntry, blobs map[string][]byte) []module {
	var out []module
	for _, e := range gomods {
		if mp := modfile.ModulePath(blobs[e.hash]); mp != "" {
			out = append(out, module{path: mp, dir: path.Dir(e.path)})
		}
	}
	return out
}

// gitUniverse is the Go source of the base revision: the version
// packages read up front, other packages of the repository's modules on
// demand (one git cat-file per round of imports).
type gitUniverse struct {
	r       *repo
	dirs    map[string][]treeEntry // Go files by repository directory
	blobs   map[string][]byte
	modules []module
	fset    *token.FileSet
	pkgs    map[string]*crdkinds.Package // by import path; nil: unreadable
	missing []string                     // directories to fetch
	// kindDirs lists the version directories of each group/kind.
	kindDirs map[string][]string
}

// Package implements crdkinds.Universe.
func (u *gitUniverse) Package(importPath string) *crdkinds.Package {
	if p, ok := u.pkgs[importPath]; ok {
		return p
	}
	dir := u.dirOf(importPath)
	if dir == "" {
		u.pkgs[importPath] = nil
		return nil
	}
	es := u.dirs[dir]
	for _, e := range es {
		if _, ok := u.blobs[e.hash]; !ok {
			u.missing = append(u.missing, dir)
			return nil // not read yet: the next round reads it
		}
	}
	p := u.parse(importPath, dir)
	u.pkgs[importPath] = p
	return p
}

// dirOf maps an import path to a repository directory through the
// longest module path that prefixes it.
func (u *gitUniverse) dirOf(importPath string) string {
	best := -1
	dir := ""
	for _, m := range u.modules {
		rest, ok := strings.CutPrefix(importPath, m.path)
		if !ok || (rest != "" && rest[0] != '/') || len(m.path) <= best {
			continue
		}
		best, dir = len(m.path), path.Join(m.dir, strings.TrimPrefix(rest, "/"))
	}
	if _, ok := u.dirs[dir]; !ok {
		return ""
	}
	return dir
}

// importPathOf maps a repository directory to its import path, or "".
func (u *gitUniverse) importPathOf(dir string) string {
	best := -1
	ip := ""
	for _, m := range u.modules {
		rel := dir
		if m.dir != "." {
			r, ok := strings.CutPrefix(dir, m.dir)
			if !ok || (r != "" && r[0] != '/') {
				continue
			}
			rel = strings.TrimPrefix(r, "/")
		}
		if len(m.dir) > best {
			best, ip = len(m.dir), path.Join(m.path, rel)
		}
	}
	return ip
}

// parse parses the files of a directory already read.
func (u *gitUniverse) parse(importPath, dir string) *crdkinds.Package {
	var files []*ast.File
	for _, e := range u.dirs[dir] {
		f, err := parser.ParseFile(u.fset, e.path, u.blobs[e.hash], parser.ParseComments|parser.SkipObjectResolution)
		if err != nil || f.Name == nil || strings.HasSuffix(f.Name.Name, "_test") || !buildable(f) {
			continue
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil
	}
	return crdkinds.SourcePackage(u.fset, markerindex.IndexFiles(files...), importPath, path.Base(dir), files)
}

// buildable leaves out files that a //go:build ignore line excludes.
func buildable(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build") && strings.Contains(c.Text, "ignore") {
				return false
			}
		}
	}
	return true
}

// goKinds builds the base kinds from the version packages, reading
// imported packages of the repository in rounds until the schemas need no
// more.
func (u *gitUniverse) goKinds() ([]*baseKind, error) {
	var kinds []*baseKind
	for hop := 0; ; hop++ {
		u.missing = nil
		kinds = u.buildGoKinds()
		if len(u.missing) == 0 || hop >= maxImportHops {
			return kinds, nil
		}
		var hashes []string
		for _, dir := range u.missing {
			for _, e := range u.dirs[dir] {
				hashes = append(hashes, e.hash)
			}
		}
		more, err := u.r.blobs(hashes)
		if err != nil {
			return nil, err
		}
		for h, b := range more {
			u.blobs[h] = b
		}
		for ip, p := range u.pkgs {
			if p == nil {
				delete(u.pkgs, ip) // retry the packages read now
			}
		}
	}
}

// buildGoKinds builds one kind per group and name from the version
// packages (all versions of the kind in the same module).
func (u *gitUniverse) buildGoKinds() []*baseKind {
	byKind := map[string][]*crdkinds.Kind{}
	var order []string
	u.kindDirs = map[string][]string{}
	dirs := make([]string, 0, len(u.dirs))
	for dir, es := range u.dirs {
		if versionDir(dir, es) {
			dirs = append(dirs, dir)
		}
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		ip := u.importPathOf(dir)
		p, ok := u.pkgs[ip]
		if !ok || p == nil {
			p = u.parse(ip, dir)
			u.pkgs[ip] = p
		}
		if p == nil || p.Skip || p.Group == "" {
			continue
		}
		for _, name := range sortedKinds(p) {
			key := p.Group + "/" + name
			u.kindDirs[key] = append(u.kindDirs[key], dir)
			if _, seen := byKind[key]; !seen {
				order = append(order, key)
			}
			byKind[key] = append(byKind[key], p.Kinds[name])
		}
	}
	var out []*baseKind
	for _, key := range order {
		out = append(out, u.goKind(byKind[key]))
	}
	return out
}

func sortedKinds(p *crdkinds.Package) []string {
	names := make([]string, 0, len(p.Kinds))
	for n := range p.Kinds {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// goKind builds one base kind from its versions' Go types.
func (u *gitUniverse) goKind(kvs []*crdkinds.Kind) *baseKind {
	crdkinds.SortKinds(kvs)
	top := kvs[0]
	res := crdkinds.ResourceOf(top)
	k := &baseKind{Group: top.Pkg.Group, Kind: top.Name, Dir: path.Dir(u.fset.File(top.Spec.Pos()).Name()),
		Plural: res.Plural, PluralExplicit: res.Explicit, Scope: res.Scope, Conversion: crdkinds.Converts(kvs)}
	storage := storageVersion(kvs)
	b := &crdkinds.SchemaBuilder{Universe: u}
	seen := map[string]bool{}
	for _, kv := range kvs {
		if seen[kv.Pkg.Version] {
			continue
		}
		seen[kv.Pkg.Version] = true
		k.Versions = append(k.Versions, &baseVersion{Name: kv.Pkg.Version, Served: !kv.Unserved,
			Storage: kv == storage, Schema: b.KindSchema(kv)})
	}
	return k
}

// storageVersion is the version controller-gen makes the storage version:
// the only one, or the one marked +kubebuilder:storageversion; nil when
// that is not decided.
func storageVersion(kvs []*crdkinds.Kind) *crdkinds.Kind {
	if len(kvs) == 1 {
		return kvs[0]
	}
	var marked *crdkinds.Kind
	for _, kv := range kvs {
		if len(kv.Storage) > 0 {
			if marked != nil {
				return nil
			}
			marked = kv
		}
	}
	return marked
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
