package k8s

import (
	"go/parser"
	"go/token"
	"testing"
)

func TestCallsNamed(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", `package x
func a() { c.Status().Update(ctx, o) }
func b() { go func() { MergeFrom(o) }() }
func c() { x.Get(ctx, k, o) }
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []bool{true, true, false}
	for i, d := range f.Decls {
		if got := CallsNamed(d, "Update", "MergeFrom"); got != want[i] {
			t.Errorf("decl %d: CallsNamed = %v, want %v", i, got, want[i])
		}
	}
}
