package k8s_test

import (
	"go/ast"
	"go/parser"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/testroot"
)

// apiObjectProbe reports "api object" on each package-level variable and
// each function parameter whose type IsAPIObject accepts.
var apiObjectProbe = &analysis.Analyzer{
	Name: "apiobjectprobe",
	Doc:  "test probe of k8s.IsAPIObject",
	Run: func(pass *analysis.Pass) (any, error) {
		probe := func(id *ast.Ident) {
			if obj := pass.TypesInfo.Defs[id]; obj != nil && k8s.IsAPIObject(obj.Type()) {
				pass.Reportf(id.Pos(), "api object")
			}
		}
		for _, f := range pass.Files {
			for _, decl := range f.Decls {
				switch d := decl.(type) {
				case *ast.GenDecl:
					for _, spec := range d.Specs {
						if vs, ok := spec.(*ast.ValueSpec); ok {
							for _, id := range vs.Names {
								probe(id)
							}
						}
					}
				case *ast.FuncDecl:
					for _, field := range d.Type.Params.List {
						for _, id := range field.Names {
							probe(id)
						}
					}
				}
			}
		}
		return nil, nil
	},
}

// TestIsAPIObject covers IsAPIObject through core types, pointers,
// interfaces, aliases, embedded structs, type parameters and generic
// types, with near-misses beside them (testdata/src/k8shelpers/apiobject).
func TestIsAPIObject(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), apiObjectProbe, "k8shelpers/apiobject")
}

// TestIsAPIObjectNil checks that IsAPIObject copes with nil and invalid
// types.
func TestIsAPIObjectNil(t *testing.T) {
	for _, typ := range []types.Type{nil, types.Typ[types.Invalid], types.NewPointer(types.Typ[types.Invalid])} {
		if k8s.IsAPIObject(typ) {
			t.Errorf("IsAPIObject(%v) = true", typ)
		}
	}
}

// TestCalleeName checks the syntactic call-name filter on every spelling.
func TestCalleeName(t *testing.T) {
	for src, want := range map[string]string{
		"F()":                  "F",
		"pkg.F()":              "F",
		"x.y.M()":              "M",
		"(pkg.F)()":            "F",
		"F[int]()":             "F",
		"pkg.F[int, string]()": "F",
		"func() {}()":          "",
		"fns[0]()":             "fns", // syntax cannot tell an index from type arguments
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got := k8s.CalleeName(e.(*ast.CallExpr).Fun); got != want {
			t.Errorf("CalleeName(%s) = %q, want %q", src, got, want)
		}
	}
}
