package astx_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/opvet/opvet/internal/astx"
)

const varsSrc = `package p

type T struct{ N int }

var (
	kept     = T{N: 1}
	assigned = T{N: 1}
	field    = T{N: 1}
	addr     = T{N: 1}
	counted  = 1
	ranged   = 1
	elem     = [2]int{}
	a, b     = 1, 2
	noValue  T
	tuple1, tuple2 = two()
)

func two() (int, int) { return 1, 2 }

func f(xs []int) {
	assigned = T{}
	field.N = 2
	_ = &addr
	counted++
	for _, ranged = range xs {
	}
	elem[0] = 1
	kept := T{} // a local of the same name
	kept.N = 3
	_ = kept
	b = 3
}
`

func TestKeptPackageVars(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", varsSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var got []string
	for v := range astx.KeptPackageVars([]*ast.File{f}, info) {
		got = append(got, v.Name())
	}
	slices.Sort(got)
	if want := []string{"a", "kept"}; !slices.Equal(got, want) {
		t.Errorf("KeptPackageVars = %v, want %v", got, want)
	}
}
