package driver

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestObjectHelperPackages: of the functions of other packages that a
// package uses, only package-level functions that take an object mark
// their package for loading from source; methods, generated conversions
// and functions of other parameters do not.
func TestObjectHelperPackages(t *testing.T) {
	fset := token.NewFileSet()
	parse := func(name, src string) *ast.File {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	imp := map[string]*types.Package{}
	conf := types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
		if p, ok := imp[path]; ok {
			return p, nil
		}
		return importer.Default().Import(path)
	})}
	check := func(path string, files ...*ast.File) (*types.Package, *types.Info) {
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
		p, err := conf.Check(path, fset, files, info)
		if err != nil {
			t.Fatal(err)
		}
		imp[path] = p
		return p, info
	}
	check("sigs.k8s.io/controller-runtime/pkg/client", parse("client.go", `package client
type Object interface{ GetName() string }`))
	check("example.com/api/v1", parse("types.go", `package v1
import "sigs.k8s.io/controller-runtime/pkg/client"
type ObjectMeta struct{ Name string }
func (m *ObjectMeta) GetName() string { return m.Name }
type Widget struct{ ObjectMeta }
func (w *Widget) Reset() {}
func AddFinalizer(dst, src client.Object) {}
func Convert_v1_Widget(in, out *Widget) error { return nil }
func Name(s string) string { return s }`))
	check("example.com/api/helpers", parse("helpers.go", `package helpers
import v1 "example.com/api/v1"
func MarkReady(w *v1.Widget) {}`))
	check("example.com/api/other", parse("other.go", `package other
import v1 "example.com/api/v1"
func Convert(in, out *v1.Widget) error { return v1.Convert_v1_Widget(in, out) }
func Touch(w *v1.Widget) { w.Reset(); _ = v1.Name("") }`))
	for _, c := range []struct {
		src  string
		want []string
	}{
		{`package m
import v1 "example.com/api/v1"
func f(a, b *v1.Widget) { v1.AddFinalizer(a, b) }`, []string{"example.com/api/v1"}},
		{`package m
import "example.com/api/helpers"
import v1 "example.com/api/v1"
func f(w *v1.Widget) { helpers.MarkReady(w) }`, []string{"example.com/api/helpers"}},
		{`package m
import v1 "example.com/api/v1"
func f(a, b *v1.Widget) { a.Reset(); _ = v1.Convert_v1_Widget(a, b); _ = v1.Name("") }`, nil},
	} {
		p, info := check("example.com/m", parse("m.go", c.src))
		got := objectHelperPackages([]*packages.Package{{Types: p, TypesInfo: info}})
		if len(got) != len(c.want) {
			t.Errorf("%s\n: helper packages %v, want %v", c.src, got, c.want)
			continue
		}
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("%s\n: helper packages %v, want %v", c.src, got, c.want)
			}
		}
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// TestModuleDepsInGOPATHTree: in GOPATH mode the packages have no module;
// the packages of the tree opvet runs in (outside vendor) are the main
// module's, and those the patterns did not load from source are loaded
// for their summaries.
func TestModuleDepsInGOPATHTree(t *testing.T) {
	const tree = "github.com/acme/op"
	key := &packages.Package{PkgPath: tree + "/service/key"}
	vendored := &packages.Package{PkgPath: tree + "/vendor/github.com/acme/api"}
	other := &packages.Package{PkgPath: "github.com/other/lib"}
	sibling := &packages.Package{PkgPath: tree + "x/util"} // another tree that shares the prefix
	std := &packages.Package{PkgPath: "fmt"}
	root := &packages.Package{PkgPath: tree + "/service/node", Syntax: []*ast.File{{}},
		Imports: map[string]*packages.Package{"a": key, "b": vendored, "c": other, "d": sibling, "e": std}}
	key.Imports = map[string]*packages.Package{"b": vendored}
	if got := moduleDepsWithoutSyntax([]*packages.Package{root}, tree); len(got) != 1 || got[0] != key.PkgPath {
		t.Errorf("GOPATH tree %s: %v, want [%s]", tree, got, key.PkgPath)
	}
	if got := moduleDepsWithoutSyntax([]*packages.Package{root}, ""); len(got) != 0 {
		t.Errorf("module mode: %v, want none", got)
	}
}
