package crdversions

import (
	"go/ast"
	"go/token"

	"github.com/opvet/opvet/internal/markers"
)

// markerAt is one marker and the comment that holds it (for fixes).
type markerAt struct {
	markers.Marker
	Comment *ast.Comment
}

// markerList is the markers of one declaration.
type markerList []markerAt

// find returns the first marker named name.
func (l markerList) find(name string) (markerAt, bool) {
	for _, m := range l {
		if m.Name == name {
			return m, true
		}
	}
	return markerAt{}, false
}

// has reports whether a marker named name is present and not set to
// false (`+kubebuilder:object:root=false`).
func (l markerList) has(name string) bool {
	m, ok := l.find(name)
	return ok && !(m.HasValue && markers.Unquote(m.Value) == "false")
}

// markersIn parses the markers of the comment groups.
func markersIn(groups ...*ast.CommentGroup) markerList {
	var l markerList
	for _, g := range groups {
		if g == nil {
			continue
		}
		for _, c := range g.List {
			if m, ok := markers.Parse(c.Text); ok {
				l = append(l, markerAt{Marker: m, Comment: c})
			}
		}
	}
	return l
}

// packageMarkers returns the markers on f's package clause: its doc
// comment and the comment groups above it.
func packageMarkers(f *ast.File) markerList {
	var groups []*ast.CommentGroup
	for _, g := range f.Comments {
		if g.End() < f.Package {
			groups = append(groups, g)
		}
	}
	return markersIn(groups...)
}

// typeMarkers returns the markers of the type spec in decl as
// controller-gen associates them: the doc comments of the declaration and
// the spec, and the comment group just above the doc comment when a blank
// line separates the two.
func typeMarkers(fset *token.FileSet, f *ast.File, decl *ast.GenDecl, spec *ast.TypeSpec) markerList {
	var groups []*ast.CommentGroup
	doc := spec.Doc
	start := spec.Pos()
	if !decl.Lparen.IsValid() {
		doc, start = decl.Doc, decl.Pos()
		groups = append(groups, spec.Doc)
	}
	if doc != nil {
		groups = append(groups, doc)
		start = doc.Pos()
	}
	if prev := groupBefore(f, start); prev != nil && fset.Position(start).Line-fset.Position(prev.End()).Line == 2 {
		groups = append(groups, prev)
	}
	return markersIn(groups...)
}

// groupBefore returns the comment group that ends last before pos.
func groupBefore(f *ast.File, pos token.Pos) *ast.CommentGroup {
	var last *ast.CommentGroup
	for _, g := range f.Comments {
		if g.End() >= pos {
			break
		}
		last = g
	}
	return last
}
