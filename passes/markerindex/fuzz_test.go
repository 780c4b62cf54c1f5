package markerindex_test

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/opvet/opvet/passes/markerindex"
)

// FuzzIndexFiles indexes arbitrary (also broken) source: it must never
// panic, and every marker's range must lie in its comment.
func FuzzIndexFiles(f *testing.F) {
	f.Add(src)
	f.Add("package p\n// +a\ntype (\n// +b\nT struct{ // +c\nX int // +d\n}\n)\n// +e\n")
	f.Add("// +x\npackage p\nfunc f() { /* +y */ }\nvar (\n// +z\nV = 1\n)\n")
	f.Add("package p\ntype T struct {\n")
	f.Fuzz(func(t *testing.T, s string) {
		fset := token.NewFileSet()
		file, _ := parser.ParseFile(fset, "a.go", s, parser.ParseComments|parser.AllErrors)
		if file == nil {
			return
		}
		idx := markerindex.IndexFiles(file)
		for _, m := range idx.All {
			if m.Pos < m.Comment.Pos() || m.End > m.Comment.End() || m.Pos >= m.End {
				t.Fatalf("marker %q at [%d,%d) outside its comment [%d,%d)", m.Text, m.Pos, m.End, m.Comment.Pos(), m.Comment.End())
			}
			idx.Of(m.Node)
		}
		idx.Package()
	})
}
