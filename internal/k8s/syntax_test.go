package k8s

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

func TestFuncsCalling(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", `package x
func a() { c.Status().Update(ctx, o) }
func b() { go func() { MergeFrom(o) }() }
func c() { x.Get(ctx, k, o); _ = func() { y() } }
func d()
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := FuncsCalling(inspector.New([]*ast.File{f}), "Update", "MergeFrom")
	want := []bool{true, true, false, false}
	for i, d := range f.Decls {
		if got[d] != want[i] {
			t.Errorf("decl %d: in FuncsCalling = %v, want %v", i, got[d], want[i])
		}
	}
	lits := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			lits++
			if want := lits == 1; got[lit] != want {
				t.Errorf("literal %d: in FuncsCalling = %v, want %v", lits, got[lit], want)
			}
		}
		return true
	})
	if len(got) != 3 {
		t.Errorf("FuncsCalling has %d functions, want 3 (a, b and b's literal)", len(got))
	}
}

func TestUsesWhere(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", `package x
func a() { g(); g() }
func g() {}
func h() { _ = a }
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{}).Check("x", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	uses := UsesWhere(info, func(obj types.Object) bool { return obj.Name() == "g" })
	if len(uses) != 2 || uses[0] > uses[1] {
		t.Fatalf("UsesWhere = %v, want two positions in order", uses)
	}
	want := []bool{true, false, false}
	for i, d := range f.Decls {
		if got := AnyWithin(uses, d); got != want[i] {
			t.Errorf("decl %d: AnyWithin = %v, want %v", i, got, want[i])
		}
	}
}
