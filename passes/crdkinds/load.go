package crdkinds

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/passes/markerindex"
)

// VersionRE matches Kubernetes API version names: v1, v1beta2, v2alpha1.
var VersionRE = regexp.MustCompile(`^v([1-9][0-9]*)(?:(alpha|beta)([1-9][0-9]*))?$`)

// maxSiblings bounds the sibling directories read from disk.
const maxSiblings = 32

// Package is one API version package of a group, read from syntax only
// (the current package's files or a sibling directory parsed from disk).
type Package struct {
	Fset       *token.FileSet
	Markers    *markerindex.Index
	ImportPath string
	Group      string
	Version    string
	Current    bool // the package under analysis: diagnostics go here
	Skip       bool // package marker +kubebuilder:skip: no CRDs from it
	ConvGen    bool // +k8s:conversion-gen on the package
	Files      []*ast.File
	Types      map[string]*ast.TypeSpec // local type declarations
	TypeFile   map[string]*ast.File
	Methods    map[string][]*ast.FuncDecl // receiver base type -> methods
	Funcs      []string                   // names of package-level functions
	Consts     map[string]string          // string constants declared with a literal
	Kinds      map[string]*Kind
	// lazy, when set, parses the files of the package directory as the
	// schema builder asks for what they declare (LazyPackage).
	lazy *lazyFiles
}

// Kind is one root type (a CRD kind) in one version package.
type Kind struct {
	Pkg  *Package
	Name string
	File *ast.File
	Decl *ast.GenDecl
	Spec *ast.TypeSpec
	// Markers are the type's markers (read only).
	Markers []*markerindex.Marker
	// Storage are its +kubebuilder:storageversion markers.
	Storage  []*markerindex.Marker
	Unserved bool // +kubebuilder:unservedversion
}

// newPackage indexes files as the version package importPath. It
// returns nil when the files declare no API group or no root type.
func newPackage(fset *token.FileSet, idx *markerindex.Index, importPath, dirName string, files []*ast.File) *Package {
	p := SourcePackage(fset, idx, importPath, dirName, files)
	if p.Group == "" || p.Version == "" || len(p.Kinds) == 0 {
		return nil
	}
	return p
}

// SourcePackage indexes the parsed files of the package importPath (in a
// directory named dirName) with their markers idx: its declarations and,
// when it declares an API group and version, its kinds. Unlike the
// packages of a Group it may declare no group or kind (a package of
// shared API types).
func SourcePackage(fset *token.FileSet, idx *markerindex.Index, importPath, dirName string, files []*ast.File) *Package {
	p := &Package{
		Fset:       fset,
		Markers:    idx,
		ImportPath: importPath,
		Files:      files,
		Types:      map[string]*ast.TypeSpec{},
		TypeFile:   map[string]*ast.File{},
		Methods:    map[string][]*ast.FuncDecl{},
		Kinds:      map[string]*Kind{},
	}
	var gvGroup, gvVersion string
	consts := map[string]string{}
	for _, f := range files {
		addStringConsts(f, consts)
	}
	p.Consts = consts
	for _, f := range files {
		pm := idx.Of(f)
		if m := markerindex.Find(pm, "groupName"); m != nil && m.HasValue && p.Group == "" {
			p.Group = Unquote(m.Value)
		}
		if m := markerindex.Find(pm, "versionName"); m != nil && m.HasValue && p.Version == "" {
			p.Version = Unquote(m.Value)
		}
		if Has(pm, "kubebuilder:skip") {
			p.Skip = true
		}
		if markerindex.Has(pm, "k8s:conversion-gen") {
			p.ConvGen = true
		}
		if g, v := groupVersionVar(f, consts); g != "" && gvGroup == "" {
			gvGroup, gvVersion = g, v
		}
		p.indexDecls(f)
	}
	if p.Group == "" {
		p.Group = gvGroup
	}
	if p.Version == "" {
		p.Version = gvVersion
	}
	if p.Version == "" && VersionRE.MatchString(dirName) {
		p.Version = dirName
	}
	if p.Group != "" && p.Version != "" {
		p.findKinds()
	}
	return p
}

// indexDecls records f's type declarations, methods and functions.
func (p *Package) indexDecls(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok != token.TYPE {
				continue
			}
			for _, s := range d.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok && ts.Name != nil {
					p.Types[ts.Name.Name] = ts
					p.TypeFile[ts.Name.Name] = f
				}
			}
		case *ast.FuncDecl:
			if d.Name == nil {
				continue
			}
			if d.Recv == nil {
				p.Funcs = append(p.Funcs, d.Name.Name)
				continue
			}
			if name, _ := RecvBase(d); name != "" {
				p.Methods[name] = append(p.Methods[name], d)
			}
		}
	}
}

// findKinds records the CRD kinds as controller-gen finds them: structs
// that embed both metav1.TypeMeta and metav1.ObjectMeta. A type marked
// +kubebuilder:object:root=true without them (a list, or a Runtime SDK
// request type) gets DeepCopyObject but no CRD.
func (p *Package) findKinds() {
	for _, f := range p.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts, ok := s.(*ast.TypeSpec)
				if !ok || ts.Name == nil || ts.TypeParams != nil {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				if typeMeta, objectMeta := rootEmbeds(f, st); !typeMeta || !objectMeta {
					continue
				}
				ms := p.Markers.Of(ts)
				if Has(ms, "kubebuilder:skipversion") {
					continue
				}
				kv := &Kind{Pkg: p, Name: ts.Name.Name, File: f, Decl: gd, Spec: ts, Markers: ms,
					Unserved: Has(ms, "kubebuilder:unservedversion")}
				for _, m := range ms {
					if m.Name == "kubebuilder:storageversion" {
						kv.Storage = append(kv.Storage, m)
					}
				}
				p.Kinds[kv.Name] = kv
			}
		}
	}
}

// rootEmbeds reports whether the struct embeds metav1.TypeMeta and
// metav1.ObjectMeta.
func rootEmbeds(f *ast.File, st *ast.StructType) (typeMeta, objectMeta bool) {
	for _, fld := range st.Fields.List {
		if len(fld.Names) == 0 {
			if path, name := Qualified(f, fld.Type); path == k8s.MetaV1 {
				typeMeta = typeMeta || name == "TypeMeta"
				objectMeta = objectMeta || name == "ObjectMeta"
			}
		}
	}
	return typeMeta, objectMeta
}

// Qualified returns the import path and name of a type written as
// pkg.Name (after pointers) in f, or "" and the name of a local type.
func Qualified(f *ast.File, e ast.Expr) (importPath, name string) {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	switch e := e.(type) {
	case *ast.Ident:
		return "", e.Name
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok {
			return ImportOf(f, x.Name), e.Sel.Name
		}
	}
	return "", ""
}

// ImportOf returns the import path that name refers to in f, or "".
func ImportOf(f *ast.File, name string) string {
	return k8s.TrimVendor(astx.ImportOf(f, name))
}

// RecvBase returns the base type name of a method's receiver and whether
// the receiver is a pointer.
func RecvBase(fd *ast.FuncDecl) (string, bool) { return astx.RecvBase(fd) }

// groupVersionVar finds `GroupVersion = schema.GroupVersion{Group: ...,
// Version: ...}` (or SchemeGroupVersion) in f, resolving the package's
// string constants.
func groupVersionVar(f *ast.File, consts map[string]string) (group, version string) {
	found := false
	namedValues(f, token.VAR, func(n *ast.Ident, v ast.Expr) {
		if found || (n.Name != "GroupVersion" && n.Name != "SchemeGroupVersion") {
			return
		}
		cl, ok := v.(*ast.CompositeLit)
		if !ok {
			return
		}
		if p, name := Qualified(f, cl.Type); p != k8s.Schema || name != "GroupVersion" {
			return
		}
		found = true
		for _, el := range cl.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if key, _ := kv.Key.(*ast.Ident); key != nil && key.Name == "Group" {
				group = stringValue(kv.Value, consts)
			} else if key != nil && key.Name == "Version" {
				version = stringValue(kv.Value, consts)
			}
		}
	})
	return group, version
}

// addStringConsts adds the string constants declared in f to m.
func addStringConsts(f *ast.File, m map[string]string) {
	namedValues(f, token.CONST, func(n *ast.Ident, v ast.Expr) {
		if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil {
				m[n.Name] = s
			}
		}
	})
}

// namedValues calls fn for each name declared with a value by the
// package-level declarations of kind tok (token.VAR, token.CONST) in f.
func namedValues(f *ast.File, tok token.Token, fn func(name *ast.Ident, value ast.Expr)) {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != tok {
			continue
		}
		for _, s := range gd.Specs {
			vs, ok := s.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for i, n := range vs.Names {
				if i < len(vs.Values) {
					fn(n, vs.Values[i])
				}
			}
		}
	}
}

func stringValue(e ast.Expr, consts map[string]string) string {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			v, _ := strconv.Unquote(e.Value)
			return v
		}
	case *ast.Ident:
		return consts[e.Name]
	}
	return ""
}

// Unquote returns a marker value without its Go quotes and surrounding
// space, or as written when it is not a quoted string.
func Unquote(v string) string {
	v = strings.TrimSpace(v)
	if u, err := strconv.Unquote(v); err == nil {
		return u
	}
	return v
}

// ParseDir parses the non-test Go files of dir that match the build
// context, with comments. It returns nil when the directory is unreadable
// or holds no such file.
func ParseDir(fset *token.FileSet, dir string) []*ast.File {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil || f == nil || f.Name == nil || strings.HasSuffix(f.Name.Name, "_test") {
			continue
		}
		files = append(files, f)
	}
	return files
}

// siblings reads the version packages in the sibling directories of dir
// (whose import path is importPath) that belong to group.
func siblings(fset *token.FileSet, dir, importPath, group string) []*Package {
	parent := filepath.Dir(dir)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil
	}
	var out []*Package
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || name == filepath.Base(dir) || !VersionRE.MatchString(name) {
			continue
		}
		if n++; n > maxSiblings {
			break
		}
		files := ParseDir(fset, filepath.Join(parent, name))
		if len(files) == 0 {
			continue
		}
		p := newPackage(fset, markerindex.IndexFiles(files...), path.Join(path.Dir(importPath), name), name, files)
		if p != nil && p.Group == group {
			out = append(out, p)
		}
	}
	return out
}

// VersionLess orders Kubernetes versions by priority: GA before beta
// before alpha, higher numbers first; unparsable versions last, by name.
func VersionLess(a, b string) bool {
	ka, kb := versionKey(a), versionKey(b)
	if ka != kb {
		return ka > kb
	}
	return a < b
}

// versionKey ranks a version: higher is preferred.
func versionKey(v string) int {
	m := VersionRE.FindStringSubmatch(v)
	if m == nil {
		return -1
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[3])
	stage := 3
	switch m[2] {
	case "alpha":
		stage = 1
	case "beta":
		stage = 2
	}
	return stage*1_000_000 + major*1000 + minor
}

// SortKinds sorts kind versions by priority, highest first.
func SortKinds(kvs []*Kind) {
	sort.SliceStable(kvs, func(i, j int) bool { return VersionLess(kvs[i].Pkg.Version, kvs[j].Pkg.Version) })
}
