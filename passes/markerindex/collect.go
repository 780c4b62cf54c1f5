package markerindex

// The association of marker comments with nodes is a port of
// sigs.k8s.io/controller-tools/pkg/markers/collect.go (v0.23.0, Apache
// License 2.0, Copyright 2019 The Kubernetes Authors), so that opvet sees
// the markers where controller-gen sees them.

import (
	"go/ast"
	"go/token"

	"github.com/opvet/opvet/internal/markersyntax"
)

// rawMarker is a marker comment before association.
type rawMarker struct {
	comment   *ast.Comment
	fromGodoc bool
}

// associateFile returns the markers of f by node as controller-gen
// associates them: *ast.File for package-level markers, *ast.TypeSpec and
// *ast.Field.
func associateFile(f *ast.File) map[ast.Node][]rawMarker {
	v := markerSubVisitor{
		collectPackageLevel: true,
		markerVisitor: &markerVisitor{
			nodeMarkers: map[ast.Node][]rawMarker{},
			allComments: f.Comments,
		},
	}
	ast.Walk(v, f)
	last := v.markersBetween(false, v.commentInd, len(v.allComments))
	v.pkgMarkers = append(v.pkgMarkers, last...)

	// A marker in the non-godoc block above a type that controller-gen
	// registers for packages but not for types is package-level.
	for node, ms := range v.nodeMarkers {
		if _, isType := node.(*ast.TypeSpec); !isType {
			continue
		}
		keep := ms[:0]
		for _, m := range ms {
			if !m.fromGodoc && packageOnly(m.comment.Text) {
				v.pkgMarkers = append(v.pkgMarkers, m)
				continue
			}
			keep = append(keep, m)
		}
		v.nodeMarkers[node] = keep
	}
	v.nodeMarkers[f] = v.pkgMarkers
	return v.nodeMarkers
}

// packageOnly reports whether the marker in comment is registered for
// packages and not for types.
func packageOnly(comment string) bool {
	m, ok := markersyntax.Parse(comment)
	if !ok {
		return false
	}
	if registeredFor(m, markersyntax.OnType) {
		return false
	}
	return registeredFor(m, markersyntax.OnPackage)
}

func registeredFor(m markersyntax.Marker, t markersyntax.Target) bool {
	_, _, ok := m.Resolve(func(name string) bool {
		d, ok := markersyntax.Lookup(name)
		return ok && d.Targets&t != 0
	})
	return ok
}

func isMarkerComment(text string) bool {
	_, ok := markersyntax.Parse(text)
	return ok
}

type markerVisitor struct {
	allComments []*ast.CommentGroup
	commentInd  int

	declComments         []rawMarker
	lastLineCommentGroup *ast.CommentGroup

	pkgMarkers  []rawMarker
	nodeMarkers map[ast.Node][]rawMarker
}

func (v *markerVisitor) markersBetween(fromGodoc bool, start, end int) []rawMarker {
	if start < 0 || end < 0 {
		return nil
	}
	var res []rawMarker
	for i := start; i < end && i < len(v.allComments); i++ {
		for _, c := range v.allComments[i].List {
			if isMarkerComment(c.Text) {
				res = append(res, rawMarker{comment: c, fromGodoc: fromGodoc})
			}
		}
	}
	return res
}

type markerSubVisitor struct {
	*markerVisitor
	node                ast.Node
	collectPackageLevel bool
}

func (v markerSubVisitor) Visit(node ast.Node) ast.Visitor {
	if node == nil {
		if !v.collectPackageLevel && v.node != nil && v.commentInd < len(v.allComments) {
			i := v.commentInd
			for i < len(v.allComments) && v.allComments[i].Pos() < v.node.End() {
				i++
			}
			v.commentInd = i
		}
		return nil
	}

	if v.lastLineCommentGroup != nil && v.commentInd < len(v.allComments) && v.lastLineCommentGroup.Pos() == v.allComments[v.commentInd].Pos() {
		v.commentInd++
	}

	var markerCommentBlock, docCommentBlock []rawMarker
	lastCommentInd := v.commentInd
	if v.commentInd < len(v.allComments) {
		next := v.allComments[lastCommentInd]
		for next.Pos() < node.Pos() {
			lastCommentInd++
			if lastCommentInd >= len(v.allComments) {
				break
			}
			next = v.allComments[lastCommentInd]
		}
		lastCommentInd--

		var docGroup *ast.CommentGroup
		docGroup, v.lastLineCommentGroup = associatedCommentsFor(node)

		markerCommentInd := lastCommentInd
		if docGroup != nil && markerCommentInd >= 0 && v.allComments[markerCommentInd].Pos() == docGroup.Pos() {
			markerCommentInd--
		}
		if markerCommentInd >= v.commentInd {
			if v.collectPackageLevel {
				v.pkgMarkers = append(v.pkgMarkers, v.markersBetween(false, v.commentInd, markerCommentInd)...)
			}
			markerCommentBlock = v.markersBetween(false, markerCommentInd, markerCommentInd+1)
		}
		docCommentBlock = v.markersBetween(true, markerCommentInd+1, lastCommentInd+1)
	}

	res := markerSubVisitor{markerVisitor: v.markerVisitor, node: node}

	switch n := node.(type) {
	case *ast.GenDecl:
		if n.Lparen != token.NoPos || n.Tok != token.TYPE {
			v.pkgMarkers = append(v.pkgMarkers, markerCommentBlock...)
			break
		}
		v.declComments = append(v.declComments, markerCommentBlock...)
		v.declComments = append(v.declComments, docCommentBlock...)
	case *ast.TypeSpec:
		v.nodeMarkers[node] = append(v.nodeMarkers[node], v.declComments...)
		v.nodeMarkers[node] = append(v.nodeMarkers[node], markerCommentBlock...)
		v.nodeMarkers[node] = append(v.nodeMarkers[node], docCommentBlock...)
		v.declComments = nil
		v.collectPackageLevel = false
	case *ast.Field:
		v.nodeMarkers[node] = append(v.nodeMarkers[node], markerCommentBlock...)
		v.nodeMarkers[node] = append(v.nodeMarkers[node], docCommentBlock...)
	case *ast.File:
		v.pkgMarkers = append(v.pkgMarkers, markerCommentBlock...)
		v.pkgMarkers = append(v.pkgMarkers, docCommentBlock...)
		res.collectPackageLevel = true
	default:
		if v.collectPackageLevel {
			v.pkgMarkers = append(v.pkgMarkers, markerCommentBlock...)
		}
	}

	v.commentInd = lastCommentInd + 1
	return res
}

func associatedCommentsFor(node ast.Node) (doc, lastLine *ast.CommentGroup) {
	switch n := node.(type) {
	case *ast.Field:
		return n.Doc, n.Comment
	case *ast.File:
		return n.Doc, nil
	case *ast.FuncDecl:
		return n.Doc, nil
	case *ast.GenDecl:
		return n.Doc, nil
	case *ast.ImportSpec:
		return n.Doc, n.Comment
	case *ast.TypeSpec:
		return n.Doc, n.Comment
	case *ast.ValueSpec:
		return n.Doc, n.Comment
	}
	return nil, nil
}
