// Package markerindex indexes the marker comments of a package (kubebuilder,
// controller-gen and other code generators' `// +name=value` comments) and
// tells which node each describes, as controller-gen associates them:
// package-level markers (on the package clause, free-standing, or above
// functions and variables, like +groupName and +kubebuilder:rbac), type
// markers (the type's doc comment and the closest comment block above it,
// even after a blank line) and field markers. Markers that controller-gen
// ignores (in a function's or variable's doc comment, inside function
// bodies) are indexed too, with no target, on the declaration they
// document or lie in.
//
// The pass never reports. IndexFiles builds the same index without a pass,
// for files read from disk (sibling API versions).
package markerindex

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/markersyntax"
)

// Analyzer builds the *Index of a package.
var Analyzer = &analysis.Analyzer{
	Name:             "opvetmarkers",
	Doc:              "index kubebuilder and code-generator marker comments (helper, never reports)",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Index](),
}

// Marker is one marker comment in the source.
type Marker struct {
	markersyntax.Marker
	// Comment is the comment that holds the marker.
	Comment *ast.Comment
	// Pos and End delimit the marker's text, from its '+' on.
	Pos, End token.Pos
	// Target is what the marker describes for controller-gen: OnPackage,
	// OnType or OnField; 0 when controller-gen ignores its position.
	Target markersyntax.Target
	// Node is the node the marker describes: the *ast.File for package
	// markers, an *ast.TypeSpec or *ast.Field. For a marker with no
	// target it is the declaration whose doc comment holds it or that
	// contains it (*ast.FuncDecl, *ast.ValueSpec, *ast.GenDecl), or nil.
	Node ast.Node
	// FromDoc tells the marker is in the node's doc comment (not in a
	// separate comment block above it).
	FromDoc bool
	// Registered is the name of the controller-gen marker this is
	// (`kubebuilder:rbac` for `+kubebuilder:rbac:groups=apps,...`), or ""
	// when controller-gen registers none; Args is then its argument text
	// as controller-gen parses it (`groups=apps,...`).
	Registered, Args string
}

// Index is the markers of a set of files. The pass's Index is read by
// several checks concurrently: it is immutable once built, and readers
// must not modify All or the markers.
type Index struct {
	// All holds every marker, in file order then source order.
	All    []*Marker
	byNode map[ast.Node][]*Marker
	byObj  map[types.Object][]*Marker
}

func run(pass *analysis.Pass) (any, error) {
	return IndexWithTypes(pass.TypesInfo, pass.Files...), nil
}

// IndexWithTypes is IndexFiles that also binds the markers to the objects
// that info defines, for Index.OfObject.
func IndexWithTypes(info *types.Info, files ...*ast.File) *Index {
	idx := IndexFiles(files...)
	if info != nil {
		idx.bindObjects(info)
	}
	return idx
}

// IndexFiles indexes the markers of files, which need no type
// information; Index.OfObject answers nothing for such an index.
func IndexFiles(files ...*ast.File) *Index {
	idx := &Index{byNode: map[ast.Node][]*Marker{}}
	for _, f := range files {
		// Most files hold no marker: skip them before the
		// association walk, which visits every node.
		if f != nil && mayHoldMarkers(f) {
			idx.addFile(f)
		}
	}
	return idx
}

// mayHoldMarkers reports whether some comment of f could be a marker: a
// line comment whose text starts with "+". It accepts everything that
// markers.Parse accepts.
func mayHoldMarkers(f *ast.File) bool {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if text, ok := strings.CutPrefix(c.Text, "//"); ok && strings.HasPrefix(strings.TrimSpace(text), "+") {
				return true
			}
		}
	}
	return false
}

func (idx *Index) addFile(f *ast.File) {
	assoc := associateFile(f)
	type place struct {
		node    ast.Node
		target  markersyntax.Target
		fromDoc bool
	}
	where := map[*ast.Comment]place{}
	for node, raws := range assoc {
		t := targetOf(node)
		for _, r := range raws {
			where[r.comment] = place{node, t, r.fromGodoc}
		}
	}
	var fileMarkers []*Marker
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			pm, ok := markersyntax.Parse(c.Text)
			if !ok {
				continue
			}
			m := &Marker{
				Marker:  pm,
				Comment: c,
				Pos:     c.Pos() + token.Pos(pm.Offset),
				End:     c.Pos() + token.Pos(pm.Offset+1+len(pm.Text)),
			}
			if name, args, ok := pm.Resolve(markersyntax.Known); ok {
				m.Registered, m.Args = name, args
			}
			if p, ok := where[c]; ok {
				m.Node, m.Target, m.FromDoc = p.node, p.target, p.fromDoc
			} else {
				m.Node, m.FromDoc = enclosingDecl(f, c.Pos())
			}
			fileMarkers = append(fileMarkers, m)
		}
	}
	for _, m := range fileMarkers {
		if m.Node != nil {
			idx.byNode[m.Node] = append(idx.byNode[m.Node], m)
		}
	}
	idx.All = append(idx.All, fileMarkers...)
}

func targetOf(n ast.Node) markersyntax.Target {
	switch n.(type) {
	case *ast.File:
		return markersyntax.OnPackage
	case *ast.TypeSpec:
		return markersyntax.OnType
	case *ast.Field:
		return markersyntax.OnField
	}
	return 0
}

// enclosingDecl returns the declaration whose doc comment holds pos or
// that contains pos, and whether pos is in its doc comment.
func enclosingDecl(f *ast.File, pos token.Pos) (ast.Node, bool) {
	i := sort.Search(len(f.Decls), func(i int) bool { return f.Decls[i].End() > pos })
	if i >= len(f.Decls) {
		return nil, false
	}
	switch d := f.Decls[i].(type) {
	case *ast.FuncDecl:
		if in(d.Doc, pos) {
			return d, true
		}
		if d.Pos() <= pos {
			return d, false
		}
	case *ast.GenDecl:
		if in(d.Doc, pos) {
			if len(d.Specs) == 1 && d.Lparen == token.NoPos {
				return d.Specs[0], true
			}
			return d, true
		}
		for _, s := range d.Specs {
			if vs, ok := s.(*ast.ValueSpec); ok && (in(vs.Doc, pos) || in(vs.Comment, pos)) {
				return vs, in(vs.Doc, pos)
			}
		}
		if d.Pos() <= pos {
			return d, false
		}
	}
	return nil, false
}

func in(cg *ast.CommentGroup, pos token.Pos) bool {
	return cg != nil && cg.Pos() <= pos && pos < cg.End()
}

func (idx *Index) bindObjects(info *types.Info) {
	idx.byObj = map[types.Object][]*Marker{}
	for node, ms := range idx.byNode {
		for _, id := range declaredNames(node) {
			if obj := info.Defs[id]; obj != nil {
				idx.byObj[obj] = append(idx.byObj[obj], ms...)
			}
		}
	}
}

func declaredNames(n ast.Node) []*ast.Ident {
	switch n := n.(type) {
	case *ast.TypeSpec:
		return []*ast.Ident{n.Name}
	case *ast.Field:
		return n.Names
	case *ast.FuncDecl:
		return []*ast.Ident{n.Name}
	case *ast.ValueSpec:
		return n.Names
	}
	return nil
}

// Of returns the markers of node: an *ast.File (that file's package-level
// markers), *ast.TypeSpec, *ast.Field, or a declaration for markers that
// controller-gen ignores.
func (idx *Index) Of(node ast.Node) []*Marker {
	if idx == nil {
		return nil
	}
	return idx.byNode[node]
}

// OfObject returns the markers of a declared object: a *types.TypeName,
// a field's *types.Var, a *types.Func or a package-level *types.Var.
func (idx *Index) OfObject(obj types.Object) []*Marker {
	if idx == nil || obj == nil {
		return nil
	}
	return idx.byObj[obj]
}

// Package returns the package-level markers of all indexed files.
func (idx *Index) Package() []*Marker {
	if idx == nil {
		return nil
	}
	var res []*Marker
	for _, m := range idx.All {
		if m.Target == markersyntax.OnPackage {
			res = append(res, m)
		}
	}
	return res
}

// Find returns the first of ms named name, or nil. The name is the
// marker's name as written before any '=' (`kubebuilder:object:root`) or
// the registered name it resolves to (`kubebuilder:printcolumn` for
// `+kubebuilder:printcolumn:name=...`).
func Find(ms []*Marker, name string) *Marker {
	for _, m := range ms {
		if m.Name == name || m.Registered == name {
			return m
		}
	}
	return nil
}

// Has reports whether ms hold a marker named name.
func Has(ms []*Marker, name string) bool { return Find(ms, name) != nil }
