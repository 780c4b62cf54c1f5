package astx_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/opvet/opvet/internal/astx"
)

const importsSrc = `package p

import (
	"k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"github.com/go-logr/logr"
	"gopkg.in/yaml.v3"
	_ "embed"
)

type T[A, B any] struct{}
type U[A any] struct{}

func (T[A, B]) list()  {}
func (*U[A]) index()   {}
func (*(V)) paren()    {}
func plain()           {}
`

func TestImportOf(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", importsSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"v1":     "k8s.io/api/apps/v1",
		"apps":   "k8s.io/api/apps/v1",
		"corev1": "k8s.io/api/core/v1",
		"core":   "", // named corev1 in this file
		"logr":   "github.com/go-logr/logr",
		"yaml":   "gopkg.in/yaml.v3",
		"_":      "embed",
		"fmt":    "",
	} {
		if got := astx.ImportOf(f, name); got != want {
			t.Errorf("ImportOf(%q) = %q, want %q", name, got, want)
		}
	}
	if got := astx.ImportOf(nil, "v1"); got != "" {
		t.Errorf("ImportOf(nil) = %q", got)
	}
}

func TestRecvBase(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", importsSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		name string
		ptr  bool
	}{"list": {"T", false}, "index": {"U", true}, "paren": {"V", true}, "plain": {"", false}}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		name, ptr := astx.RecvBase(fd)
		if w := want[fd.Name.Name]; name != w.name || ptr != w.ptr {
			t.Errorf("RecvBase(%s) = %q, %v; want %q, %v", fd.Name.Name, name, ptr, w.name, w.ptr)
		}
	}
}
