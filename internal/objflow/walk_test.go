package objflow

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

// TestWalkFilesAsInspector: walkFiles calls f on the same nodes, in the same
// order, with the same push and pop calls as inspector.Nodes, also where f
// prunes a node's children.
func TestWalkFilesAsInspector(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	for i, src := range []string{
		`package p

func A(x int) int {
	f := func() int { return g(x) }
	var h = func() {}
	h()
	return f() + g(len([]int{1, 2}))
}

func g(int) int

type T struct{ F func() }

var v = T{F: func() { _ = g(1) }}
`,
		`package p

func (T) M() { defer func() { recover() }(); go A(1) }
`,
	} {
		f, err := parser.ParseFile(fset, string(rune('a'+i))+".go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	filter := []ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.CompositeLit)(nil),
		(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)}
	type call struct {
		n    ast.Node
		push bool
	}
	record := func(calls *[]call) func(ast.Node, bool) bool {
		return func(n ast.Node, push bool) bool {
			*calls = append(*calls, call{n, push})
			// Prune the bodies of literals passed as arguments, and of
			// declarations without a body.
			if fd, ok := n.(*ast.FuncDecl); ok && fd.Body == nil {
				return false
			}
			_, isCall := n.(*ast.CallExpr)
			return !isCall || len(n.(*ast.CallExpr).Args) == 0
		}
	}
	var want, got []call
	inspector.New(files).Nodes(filter, record(&want))
	walkFiles(files, filter, record(&got))
	if len(want) < 10 {
		t.Fatalf("inspector made only %d calls", len(want))
	}
	if len(got) != len(want) {
		t.Fatalf("walkFiles made %d calls, inspector %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("call %d: walkFiles %T (push %v) at %v, inspector %T (push %v) at %v", i,
				got[i].n, got[i].push, fset.Position(got[i].n.Pos()), want[i].n, want[i].push, fset.Position(want[i].n.Pos()))
		}
	}
}
