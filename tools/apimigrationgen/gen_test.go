package main

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"testing"

	"github.com/opvet/opvet/internal/apimigration"
)

func TestParseMessage(t *testing.T) {
	for _, tc := range []struct {
		msg        string
		compatible bool
		want       Message
		ok         bool
	}{
		{"Options.MetricsBindAddress: removed", false, Message{Object: "Options.MetricsBindAddress", Kind: apimigration.Removed}, true},
		{"(*Builder).Watches: changed from func(source.Source, handler.EventHandler, ...WatchesOption) *Builder to func(client.Object, handler.EventHandler, ...WatchesOption) *Builder", false,
			Message{Object: "Builder.Watches", Kind: apimigration.Changed, New: "func(client.Object, handler.EventHandler, ...WatchesOption) *Builder"}, true},
		{"MapFunc: changed from func(client.Object) []reconcile.Request to func(context.Context, client.Object) []reconcile.Request", false,
			Message{Object: "MapFunc", Kind: apimigration.Changed, New: "func(context.Context, client.Object) []reconcile.Request"}, true},
		{"Client.IsObjectNamespaced: added", false, Message{Object: "Client.IsObjectNamespaced", Kind: apimigration.MethodAdded}, true},
		{"Source: added unexported method", false, Message{Object: "Source", Kind: apimigration.MethodAdded, New: "an unexported method"}, true},
		{"Version: value changed from \"1\" to \"2\"", false, Message{Object: "Version", Kind: apimigration.ValueChanged, New: "\"2\""}, true},
		{"FakeInformer: no longer implements Informer", false, Message{Object: "FakeInformer", Kind: apimigration.NoLongerImplements, New: "Informer"}, true},
		{"(*Kind[object]).Start: removed", false, Message{Object: "Kind.Start", Kind: apimigration.Removed}, true},
		{"Foo: added", true, Message{Object: "Foo", Added: true}, true},
		{"Foo: changed from func to var", true, Message{}, false},
		{"Base.M, method set of *Outer: removed", false, Message{}, false},
		{"k8s.io/api/core/v1.Pod.Spec: removed", false, Message{}, false},
		{"./sub.T: removed", false, Message{}, false},
		{"(*Pod).XXX_Size: removed", false, Message{}, false},
	} {
		got, ok := ParseMessage(tc.msg, tc.compatible)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("ParseMessage(%q, %v) = %+v, %v; want %+v, %v", tc.msg, tc.compatible, got, ok, tc.want, tc.ok)
		}
	}
}

func TestShorten(t *testing.T) {
	got := Shorten("func(k8s.io/apimachinery/pkg/runtime.Object, sigs.k8s.io/controller-runtime/pkg/client.Object) *k8s.io/api/core/v1.Pod")
	if want := "func(runtime.Object, client.Object) *v1.Pod"; got != want {
		t.Errorf("Shorten = %q, want %q", got, want)
	}
	got = Shorten("func(string, ...k8s.io/apimachinery/pkg/util/validation/field.PathOption) (Selector, error)")
	if want := "func(string, ...field.PathOption) (Selector, error)"; got != want {
		t.Errorf("Shorten of a variadic parameter = %q, want %q", got, want)
	}
}

// check type-checks one package from source, importing the standard
// library from source too.
func check(t *testing.T, fset *token.FileSet, src string) (*types.Package, *ast.File) {
	t.Helper()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("example.com/p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, f
}

const (
	v1 = `package p

import "context"

type Options struct {
	// Deprecated: use Metrics.
	Port int
	Host string
}

type Runnable interface{ Start() error }

// Manager is embedded by Cluster.
type Manager interface {
	Runnable
	Add(Runnable) error
}

type Builder struct{}

// Watches watches.
// Deprecated: pass the object.
func (b *Builder) Watches(src string) *Builder { return b }

func Old() {}

// Deprecated: use Old.
func Older(ctx context.Context) {}

const Version = "1"

type Gone struct{}
`
	v2 = `package p

import "context"

type Options struct {
	Host int
}

type Runnable interface {
	Start(ctx context.Context) error
}

type Manager interface {
	Runnable
	Add(Runnable) error
	Elect() bool
}

type Builder struct{}

func (b *Builder) Watches(obj any, h string) *Builder { return b }

type Old struct{ N int }

func Older(ctx context.Context) {}

const Version = "2"
`
	v3 = v2 + "\ntype Gone struct{}\n"
)

// TestDiff runs the differ on three releases of a small package.
func TestDiff(t *testing.T) {
	fset := token.NewFileSet()
	p1, f1 := check(t, fset, v1)
	p2, _ := check(t, fset, v2)
	p3, _ := check(t, fset, v3)
	rows, added := diffPackage("example.com/p", p1, p2, 2)
	want := []apimigration.Change{
		{Pkg: "example.com/p", Object: "Builder.Watches", Minor: 2, Kind: apimigration.Changed, What: apimigration.Method, New: "func(any, string) *Builder"},
		{Pkg: "example.com/p", Object: "Gone", Minor: 2, Kind: apimigration.Removed, What: apimigration.Type},
		{Pkg: "example.com/p", Object: "Manager.Elect", Minor: 2, Kind: apimigration.MethodAdded, What: apimigration.Method, New: "func() bool"},
		{Pkg: "example.com/p", Object: "Old", Minor: 2, Kind: apimigration.Changed, What: apimigration.Func, New: "type struct{N int}"},
		{Pkg: "example.com/p", Object: "Options.Host", Minor: 2, Kind: apimigration.Changed, What: apimigration.Field, New: "int"},
		{Pkg: "example.com/p", Object: "Options.Port", Minor: 2, Kind: apimigration.Removed, What: apimigration.Field},
		{Pkg: "example.com/p", Object: "Runnable.Start", Minor: 2, Kind: apimigration.Changed, What: apimigration.Method, New: "func(context.Context) error"},
		{Pkg: "example.com/p", Object: "Version", Minor: 2, Kind: apimigration.ValueChanged, What: apimigration.Const, New: `"2"`},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("diff v1 -> v2:\n got %+v\nwant %+v", rows, want)
	}
	if len(added) != 0 {
		t.Errorf("added %v", added)
	}
	if _, added := diffPackage("example.com/p", p2, p3, 3); !reflect.DeepEqual(added, []string{"Gone"}) {
		t.Errorf("v2 -> v3 added %v, want [Gone]", added)
	}

	deps := Deprecations([]*ast.File{f1})
	wantDeps := map[string]string{"Options.Port": "use Metrics.", "Older": "use Old.", "Builder.Watches": "pass the object."}
	if !reflect.DeepEqual(deps, wantDeps) {
		t.Errorf("Deprecations = %v, want %v", deps, wantDeps)
	}
}

func TestCovered(t *testing.T) {
	for path, want := range map[string]bool{
		"k8s.io/api/core/v1":                                 true,
		"k8s.io/api/resource/v1alpha3":                       false,
		"k8s.io/client-go/kubernetes/typed/core/v1":          true,
		"k8s.io/client-go/kubernetes/typed/core/v1/fake":     false,
		"k8s.io/client-go/kubernetes/fake":                   true,
		"k8s.io/client-go/listers/flowcontrol/v1alpha1":      false,
		"sigs.k8s.io/controller-runtime/pkg/config/v1alpha1": true,
	} {
		if got := Covered(path); got != want {
			t.Errorf("Covered(%s) = %v, want %v", path, got, want)
		}
	}
	for path, want := range map[string]bool{
		"sigs.k8s.io/controller-runtime/pkg/internal/recorder": false,
		"k8s.io/apimachinery/pkg/apis/testapigroup/v1":         false,
		"sigs.k8s.io/controller-runtime/pkg/client":            true,
	} {
		if got := Public(path, "x"); got != want {
			t.Errorf("Public(%s) = %v, want %v", path, got, want)
		}
	}
}

// TestAliasOfInstance: a defined type that becomes an alias of a generic
// instance with the same shape (controller-runtime v0.18's events and
// predicates) is no change; a real change beside it is.
func TestAliasOfInstance(t *testing.T) {
	fset := token.NewFileSet()
	before, _ := check(t, fset, `package p

type CreateEvent struct{ Object any }

type Funcs struct {
	CreateFunc func(CreateEvent) bool
}

func Watch(f Funcs) {}

func Kind(obj any) {}
`)
	after, _ := check(t, fset, `package p

type TypedCreateEvent[T any] struct{ Object T }

type CreateEvent = TypedCreateEvent[any]

type TypedFuncs[T any] struct {
	CreateFunc func(e TypedCreateEvent[T]) bool
}

type Funcs = TypedFuncs[any]

func Watch(funcs Funcs) {}

func Kind(obj any, cache string) {}
`)
	rows, _ := diffPackage("example.com/p", before, after, 2)
	if len(rows) != 1 || rows[0].Object != "Kind" {
		t.Errorf("rows %+v, want only Kind", rows)
	}
}

// TestAliasMembers: a defined struct or interface type made an alias of
// a generic instance whose definition changed (controller-runtime v0.19's
// controller.Options, handler.EventHandler, source.Source, v0.18's
// predicate.GenerationChangedPredicate) gives rows for the members that
// changed, none for the name; a type made an alias of an identical type
// (cli-runtime 1.28's IOStreams, client-go 1.31's workqueue.Type, whose
// interface{} became any) gives none, nor does a function whose result
// names it, nor a field whose interface type has the same methods.
func TestAliasMembers(t *testing.T) {
	fset := token.NewFileSet()
	before, _ := check(t, fset, `package p

import "io"

type Request struct{ Name string }

type Queue interface{ Add(any) }

type Limiter interface{ When(any) int }

type Options struct {
	MaxConcurrent int
	RateLimiter   Limiter
	NeedLeader    *bool
	Gone          string
}

type EventHandler interface {
	Create(ev string, q Queue)
	Delete(ev string)
}

type Source interface {
	Start(q Queue) error
}

type Funcs struct{}

func (Funcs) Update(ev string) bool { return true }

type GenerationChangedPredicate struct {
	Funcs
}

func (GenerationChangedPredicate) Update(ev string) bool { return true }

type Builder struct{}

func (b *Builder) Named(name string) *Builder { return b }

func (b *Builder) WithOptions(o Options) *Builder { return b }

type IOStreams struct {
	In  io.Reader
	Out io.Writer
}

func NewTestIOStreams() IOStreams { return IOStreams{} }

type Interface interface{ Add(item interface{}) }

type Type struct{}

func (*Type) Add(item interface{}) {}

type QueueConfig struct {
	Queue Interface
}
`)
	after, _ := check(t, fset, `package p

import "io"

type Request struct{ Name string }

type Queue interface{ Add(any) }

type TypedQueue[T any] interface{ Add(T) }

type TypedLimiter[T any] interface{ When(T) int }

type Limiter = TypedLimiter[any]

type TypedOptions[request comparable] struct {
	MaxConcurrent int
	RateLimiter   TypedLimiter[request]
	NeedLeader    *bool
	NewQueue      func() TypedQueue[request]
}

type Options = TypedOptions[Request]

type TypedEventHandler[request comparable] interface {
	Create(ev string, q TypedQueue[request])
	Delete(ev string)
}

type EventHandler = TypedEventHandler[Request]

type TypedSource[request comparable] interface {
	Start(q TypedQueue[request]) error
	Stop() error
}

type Source = TypedSource[Request]

type TypedFuncs[T any] struct{}

func (TypedFuncs[T]) Update(ev string) bool { return true }

type Funcs = TypedFuncs[any]

type TypedGenerationChangedPredicate[T any] struct {
	TypedFuncs[T]
}

func (TypedGenerationChangedPredicate[T]) Update(ev string) bool { return true }

type GenerationChangedPredicate = TypedGenerationChangedPredicate[any]

type TypedBuilder[request comparable] struct{}

func (b *TypedBuilder[request]) Named(name string) *TypedBuilder[request] { return b }

func (b *TypedBuilder[request]) WithOptions(o TypedOptions[request]) *TypedBuilder[request] { return b }

type Builder = TypedBuilder[Request]

type streams struct {
	In  io.Reader
	Out io.Writer
}

type IOStreams = streams

func NewTestIOStreams() streams { return streams{} }

type TypedInterface[T comparable] interface{ Add(item T) }

type Interface TypedInterface[any]

type Typed[T comparable] struct{}

func (*Typed[T]) Add(item T) {}

type Type = Typed[any]

type TypedQueueConfig[T comparable] struct {
	Queue TypedInterface[T]
}

type QueueConfig = TypedQueueConfig[any]
`)
	rows, _ := diffPackage("example.com/p", before, after, 19)
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%s %s %s %q", r.Object, kindName[r.Kind], whatName[r.What], r.New))
	}
	want := []string{
		`EventHandler.Create Changed Method "func(string, TypedQueue[Request])"`,
		`GenerationChangedPredicate.Funcs Removed Field ""`,
		`Options.Gone Removed Field ""`,
		`Options.RateLimiter Changed Field "TypedLimiter[Request]"`,
		`Source.Start Changed Method "func(TypedQueue[Request]) error"`,
		`Source.Stop MethodAdded Method "func() error"`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rows:\n got %q\nwant %q", got, want)
	}
}

// TestDeprecatedAdvice: a line that starts with "Deprecated:" in any case
// (cli-runtime's "DEPRECATED:") begins the advice, which runs to the end
// of its paragraph; the word elsewhere in a line does not count.
func TestDeprecatedAdvice(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", `package p

// IOStreams provides the standard names for iostreams.
// DEPRECATED: use genericiooptions.IOStreams
type IOStreams = struct{}

// FromInt creates an IntOrString.
//
// deprecated: use FromInt32
// instead.
//
// Not advice.
func FromInt(int) {}

// WithDeprecatedPasswordFlag enables the flags; it is not Deprecated: here.
func WithDeprecatedPasswordFlag() {}
`, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	got := Deprecations([]*ast.File{f})
	want := map[string]string{"IOStreams": "use genericiooptions.IOStreams", "FromInt": "use FromInt32 instead."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Deprecations = %q, want %q", got, want)
	}
}

// importerOf imports the packages given, and the standard library from
// source.
type importerOf map[string]*types.Package

func (m importerOf) Import(path string) (*types.Package, error) {
	if p, ok := m[path]; ok {
		return p, nil
	}
	return importer.ForCompiler(token.NewFileSet(), "source", nil).Import(path)
}

// TestAliasOfOtherPackage: types made aliases of another package's
// identical types (cli-runtime 1.28's genericclioptions.IOStreams,
// admissionregistration/v1beta1's Rule in Kubernetes 1.26) change nothing,
// neither in their members (a DeepCopy returning the new spelling) nor in
// the functions that now spell them by the other package.
func TestAliasOfOtherPackage(t *testing.T) {
	fset := token.NewFileSet()
	typeCheck := func(path, src string, imports importerOf) *types.Package {
		f, err := parser.ParseFile(fset, path+".go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := (&types.Config{Importer: imports}).Check(path, fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return pkg
	}
	q := typeCheck("example.com/q", `package q

import "io"

type IOStreams struct{ In io.Reader }

type ScopeType string

type Rule struct{ Scope *ScopeType }

func (r *Rule) DeepCopy() *Rule { return r }
`, nil)
	before := typeCheck("example.com/p", `package p

import "io"

type IOStreams struct{ In io.Reader }

func NewTestIOStreams() IOStreams { return IOStreams{} }

type ScopeType string

type Rule struct{ Scope *ScopeType }

func (r *Rule) DeepCopy() *Rule { return r }
`, nil)
	after := typeCheck("example.com/p", `package p

import "example.com/q"

type IOStreams = q.IOStreams

func NewTestIOStreams() q.IOStreams { return q.IOStreams{} }

type ScopeType = q.ScopeType

type Rule = q.Rule
`, importerOf{"example.com/q": q})
	if rows, _ := diffPackage("example.com/p", before, after, 28); len(rows) != 0 {
		t.Errorf("rows %+v, want none", rows)
	}
}

// TestInterfaceMadeAlias: an interface made an alias of a wider one
// (controller-runtime v0.14's StatusWriter = SubResourceWriter) gives
// the same rows on every run, whichever types apidiff pairs, and no
// removal of the options interface it leaves as it was.
func TestInterfaceMadeAlias(t *testing.T) {
	fset := token.NewFileSet()
	before, _ := check(t, fset, `package p

type UpdateOption interface{ ApplyToUpdate() }

type PatchOption interface{ ApplyToPatch() }

type StatusWriter interface {
	Update(o ...UpdateOption) error
	Patch(o ...PatchOption) error
}
`)
	after, _ := check(t, fset, `package p

type UpdateOption interface{ ApplyToUpdate() }

type PatchOption interface{ ApplyToPatch() }

type SubResourceUpdateOption interface{ ApplyToSubResourceUpdate() }

type SubResourcePatchOption interface{ ApplyToSubResourcePatch() }

type SubResourceWriter interface {
	Create() error
	Update(o ...SubResourceUpdateOption) error
	Patch(o ...SubResourcePatchOption) error
}

type StatusWriter = SubResourceWriter
`)
	want := []string{
		`StatusWriter.Create MethodAdded "func() error"`,
		`StatusWriter.Patch Changed "func(...SubResourcePatchOption) error"`,
		`StatusWriter.Update Changed "func(...SubResourceUpdateOption) error"`,
	}
	for range 10 {
		rows, _ := diffPackage("example.com/p", before, after, 14)
		var got []string
		for _, r := range rows {
			got = append(got, fmt.Sprintf("%s %s %q", r.Object, kindName[r.Kind], r.New))
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("rows:\n got %q\nwant %q", got, want)
		}
	}
}
