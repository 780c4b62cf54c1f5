package astx_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/opvet/opvet/internal/astx"
)

const paramsSrc = `package p

func f(kept, set, addressed, fieldSet func() int, s struct{ n int }) {
	_ = kept()
	set = nil
	_ = &addressed
	s.n = 1
	_ = fieldSet
}
`

func TestAssignsOrAddresses(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "/src/p/p.go", paramsSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	fn := pkg.Scope().Lookup("f").(*types.Func)
	body := file.Decls[0].(*ast.FuncDecl).Body
	params := fn.Type().(*types.Signature).Params()
	want := map[string]bool{"kept": false, "set": true, "addressed": true, "fieldSet": false, "s": false}
	for i := 0; i < params.Len(); i++ {
		v := params.At(i)
		if got := astx.AssignsOrAddresses(info, body, v); got != want[v.Name()] {
			t.Errorf("%s: AssignsOrAddresses = %v, want %v", v.Name(), got, want[v.Name()])
		}
	}
	if got := astx.ShortPos(fset, body.Pos()); got != "p.go:3" {
		t.Errorf("ShortPos = %q, want p.go:3", got)
	}
}

func TestIdents(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "/src/p/p.go", "package p\n\nfunc f() { g(x.y) }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	astx.Idents(file.Decls[0].(*ast.FuncDecl).Body, func(id *ast.Ident, stack []ast.Node) {
		if stack[len(stack)-1] != id {
			t.Errorf("%s: the stack does not end with the identifier", id.Name)
		}
		if _, ok := stack[0].(*ast.BlockStmt); !ok {
			t.Errorf("%s: the stack does not start with the root: %T", id.Name, stack[0])
		}
		got = append(got, fmt.Sprintf("%s@%d", id.Name, len(stack)))
	})
	// { g(x.y) }: block, statement, call, then g; or the selector, then x and y.
	if want := "[g@4 x@5 y@5]"; fmt.Sprint(got) != want {
		t.Errorf("Idents visited %v, want %s", got, want)
	}
}

const implsSrc = `package p

type Runner interface{ Run() error; Name() string }

type byValue struct{}

func (byValue) Run() error    { return nil }
func (byValue) Name() string  { return "v" }

type byPointer struct{}

func (*byPointer) Run() error   { return nil }
func (*byPointer) Name() string { return "p" }

type partial struct{}

func (partial) Run() error { return nil }

type embeds struct{ Runner }

type unrelated struct{}
`

func TestImplementations(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "/src/p/p.go", implsSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	iface := pkg.Scope().Lookup("Runner").Type().Underlying().(*types.Interface)
	run, _, _ := types.LookupFieldOrMethod(iface, false, pkg, "Run")
	var got []string
	for _, impl := range astx.Implementations(astx.ConcreteTypes(pkg), run.(*types.Func), iface) {
		got = append(got, impl.Type.Obj().Name()+"."+impl.Method.Name())
	}
	if want := "[byPointer.Run byValue.Run]"; fmt.Sprint(got) != want {
		t.Errorf("Implementations = %v, want %s (partial does not implement Runner; embeds runs what it holds)", got, want)
	}
	if astx.Implementations(astx.ConcreteTypes(pkg), run.(*types.Func), types.NewInterfaceType(nil, nil)) != nil {
		t.Error("an empty interface has no implementations to list")
	}
}
