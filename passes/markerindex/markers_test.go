package markerindex_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"

	"github.com/opvet/opvet/passes/markerindex"
)

const src = `// +groupName=apps.example.com
// +kubebuilder:object:generate=true
package v1

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget is a widget.
// +kubebuilder:storageversion
type Widget struct {
	// +optional
	Spec WidgetSpec ` + "`json:\"spec\"`" + ` // +trailing

	// +kubebuilder:validation:Minimum=1

	// Replicas is ...
	// +kubebuilder:default:=3
	Replicas int
}

type WidgetSpec struct{}

type (
	// +kubebuilder:object:root=true
	A struct{}
	B struct{}
)

// Reconcile reconciles.
// +kubebuilder:rbac:groups=core,resources=pods,verbs=get
func Reconcile() {
	// +kubebuilder:inbody
	_ = 1
}

// +kubebuilder:webhook:path=/x,mutating=false

// V is a var.
// +kubebuilder:vardoc
var V = 1

// +kubebuilder:scaffold:imports
`

func TestIndexFiles(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	idx := markerindex.IndexFiles(f)
	var got []string
	for _, m := range idx.All {
		name := m.Name
		if m.Registered != "" {
			name = m.Registered
		}
		got = append(got, fmt.Sprintf("%s -> %s%s", name, describe(m.Node), map[bool]string{true: " (doc)"}[m.FromDoc]))
		if text := src[fset.Position(m.Pos).Offset:fset.Position(m.End).Offset]; text != "+"+m.Text {
			t.Errorf("range of %s is %q", m.Name, text)
		}
	}
	want := []string{
		"groupName -> file (doc)",
		"kubebuilder:object:generate -> file (doc)",
		"kubebuilder:rbac -> file",
		"kubebuilder:object:root -> type Widget",
		"kubebuilder:subresource:status -> type Widget",
		"kubebuilder:storageversion -> type Widget (doc)",
		"optional -> field Spec (doc)",
		"trailing -> *ast.GenDecl",
		"kubebuilder:validation:Minimum -> field Replicas",
		"kubebuilder:default -> field Replicas (doc)",
		"kubebuilder:object:root -> type A (doc)",
		"kubebuilder:rbac -> func Reconcile (doc)",
		"kubebuilder:inbody -> func Reconcile",
		"kubebuilder:webhook -> file",
		"kubebuilder:vardoc -> var V (doc)",
		"kubebuilder:scaffold:imports -> file",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var pkg []string
	for _, m := range idx.Package() {
		pkg = append(pkg, m.Name)
		if m.Registered != "" {
			pkg[len(pkg)-1] = m.Registered
		}
	}
	sort.Strings(pkg)
	if want := "groupName kubebuilder:object:generate kubebuilder:rbac kubebuilder:scaffold:imports kubebuilder:webhook"; strings.Join(pkg, " ") != want {
		t.Errorf("package markers %q, want %q", pkg, want)
	}
}

func TestOfObject(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("v1", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	idx := markerindex.IndexWithTypes(info, f)
	widget := pkg.Scope().Lookup("Widget")
	ms := idx.OfObject(widget)
	if !markerindex.Has(ms, "kubebuilder:subresource:status") || !markerindex.Has(ms, "kubebuilder:storageversion") || markerindex.Has(ms, "kubebuilder:rbac") {
		t.Errorf("markers of Widget: %v", names(ms))
	}
	st := widget.Type().Underlying().(*types.Struct)
	if ms := idx.OfObject(st.Field(1)); markerindex.Find(ms, "kubebuilder:default") == nil || markerindex.Find(ms, "kubebuilder:default").Value != "3" {
		t.Errorf("markers of Replicas: %v", names(ms))
	}
	if ms := idx.OfObject(pkg.Scope().Lookup("WidgetSpec")); len(ms) != 0 {
		t.Errorf("markers of WidgetSpec: %v", names(ms))
	}
	if ms := idx.OfObject(pkg.Scope().Lookup("A")); !markerindex.Has(ms, "kubebuilder:object:root") {
		t.Errorf("markers of A: %v", names(ms))
	}
	if idx.OfObject(nil) != nil || (*markerindex.Index)(nil).Of(f) != nil {
		t.Error("nil lookups answer something")
	}
}

func names(ms []*markerindex.Marker) []string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Name)
	}
	return s
}

func describe(n ast.Node) string {
	switch n := n.(type) {
	case *ast.File:
		return "file"
	case *ast.TypeSpec:
		return "type " + n.Name.Name
	case *ast.Field:
		return "field " + n.Names[0].Name
	case *ast.FuncDecl:
		return "func " + n.Name.Name
	case *ast.ValueSpec:
		return "var " + n.Names[0].Name
	case nil:
		return "<nil>"
	}
	return fmt.Sprintf("%T", n)
}
