package crdkinds

import (
	"bytes"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/opvet/opvet/passes/markerindex"
)

// lazyFiles are the files of a package directory, read but parsed one at
// a time: a schema that refers to a few types of a large package of the
// module parses the files that declare them, not the whole package.
type lazyFiles struct {
	fset    *token.FileSet
	names   []string
	data    map[string][]byte // files not parsed yet
	markers map[*ast.File]*markerindex.Index
	missed  map[string]bool // constants looked up in vain
	// declaredIn lists the files that may declare each type name.
	declaredIn map[string][]string
}

// packageMarkerWords are package markers that a lazy package parses its
// files for up front.
var packageMarkerWords = [][]byte{[]byte("+kubebuilder:validation:Optional"), []byte("+groupName"), []byte("+kubebuilder:skip")}

// LazyPackage returns the package importPath in dir, whose non-test Go
// files (those the default build context accepts) are parsed when the
// schema builder first looks up a type or constant they may declare; the
// files with package markers are parsed at once. It returns nil when dir
// holds no such file. The package is not safe for concurrent use: it
// belongs to the pass that made it.
func LazyPackage(fset *token.FileSet, importPath, dir string) *Package {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	l := &lazyFiles{fset: fset, data: map[string][]byte{}, markers: map[*ast.File]*markerindex.Index{}, missed: map[string]bool{},
		declaredIn: map[string][]string{}}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		l.names = append(l.names, path)
		l.data[path] = data
		for _, t := range declaredTypes(data) {
			l.declaredIn[t] = append(l.declaredIn[t], path)
		}
	}
	if len(l.names) == 0 {
		return nil
	}
	p := &Package{Fset: fset, ImportPath: importPath, Types: map[string]*ast.TypeSpec{}, TypeFile: map[string]*ast.File{},
		Methods: map[string][]*ast.FuncDecl{}, Kinds: map[string]*Kind{}, Consts: map[string]string{}, lazy: l}
	p.Markers = markerindex.IndexFiles()
	p.parseWhere(func(data []byte) bool {
		for _, w := range packageMarkerWords {
			if bytes.Contains(data, w) {
				return true
			}
		}
		return false
	})
	return p
}

// parseWhere parses the files not parsed yet whose content match accepts.
func (p *Package) parseWhere(match func([]byte) bool) {
	for _, path := range p.lazy.names {
		if data, ok := p.lazy.data[path]; ok && match(data) {
			p.parseFile(path)
		}
	}
}

// parseFile parses one file of a lazy package, once.
func (p *Package) parseFile(path string) {
	l := p.lazy
	data, ok := l.data[path]
	if !ok {
		return
	}
	delete(l.data, path)
	f, err := parser.ParseFile(l.fset, path, data, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil || f == nil || f.Name == nil || strings.HasSuffix(f.Name.Name, "_test") {
		return
	}
	p.Files = append(p.Files, f)
	p.indexDecls(f)
	addStringConsts(f, p.Consts)
	l.markers[f] = markerindex.IndexFiles(f)
}

// mentions matches the files whose text holds name as a word.
func mentions(name string) func([]byte) bool {
	w := []byte(name)
	return func(data []byte) bool {
		for rest := data; ; {
			i := bytes.Index(rest, w)
			if i < 0 {
				return false
			}
			before, after := byte(' '), byte(' ')
			if i > 0 {
				before = rest[i-1]
			}
			if i+len(w) < len(rest) {
				after = rest[i+len(w)]
			}
			if !isWordByte(before) && !isWordByte(after) {
				return true
			}
			rest = rest[i+len(w):]
		}
	}
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

// declaredTypes lists the type names that a file's text may declare: the
// word after `type ` at the start of a line, and the first word of each
// line of a `type (` group.
func declaredTypes(data []byte) []string {
	var names []string
	group := false
	for _, line := range bytes.Split(data, []byte("\n")) {
		switch {
		case group && len(line) > 0 && line[0] == ')':
			group = false
		case group:
			if w := firstWord(bytes.TrimLeft(line, " \t")); w != "" {
				names = append(names, w)
			}
		case bytes.HasPrefix(line, []byte("type (")):
			group = true
		case bytes.HasPrefix(line, []byte("type ")):
			if w := firstWord(line[len("type "):]); w != "" {
				names = append(names, w)
			}
		}
	}
	return names
}

// firstWord returns the identifier that b starts with, or "".
func firstWord(b []byte) string {
	n := 0
	for n < len(b) && isWordByte(b[n]) {
		n++
	}
	return string(b[:n])
}

// typeDecl returns the declaration of the type name and its file, parsing
// the files that may declare it in a lazy package; nil when there is
// none.
func (p *Package) typeDecl(name string) (*ast.TypeSpec, *ast.File) {
	if ts := p.Types[name]; ts != nil || p.lazy == nil {
		return ts, p.TypeFile[name]
	}
	for _, path := range p.lazy.declaredIn[name] {
		p.parseFile(path)
	}
	return p.Types[name], p.TypeFile[name]
}

// constValue returns the string constant name, parsing in a lazy package
// the files that may declare it.
func (p *Package) constValue(name string) (string, bool) {
	if v, ok := p.Consts[name]; ok || p.lazy == nil || p.lazy.missed["c:"+name] {
		return v, ok
	}
	p.parseWhere(mentions(name))
	v, ok := p.Consts[name]
	if !ok {
		p.lazy.missed["c:"+name] = true
	}
	return v, ok
}

// markersOf returns the markers of a node of p's files.
func (p *Package) markersOf(n ast.Node) []*markerindex.Marker {
	if p.lazy == nil {
		return p.Markers.Of(n)
	}
	for _, idx := range p.lazy.markers {
		if ms := idx.Of(n); len(ms) > 0 {
			return ms
		}
	}
	return nil
}

// TypeDecl returns the declaration of the type name and its file, parsing
// the files that may declare it in a lazy package; nil when p declares
// no such type.
func (p *Package) TypeDecl(name string) (*ast.TypeSpec, *ast.File) {
	return p.typeDecl(name)
}

// DeclaresRoot reports whether p declares a type named name marked
// +kubebuilder:object:root=true, whatever its shape.
func (p *Package) DeclaresRoot(name string) bool {
	ts, _ := p.typeDecl(name)
	return ts != nil && Has(p.markersOf(ts), "kubebuilder:object:root")
}
