package k8s

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

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
