package driver

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/packages"
)

// TestSubstitute replaces a required analyzer and checks that the copies
// of the analyzers above it find its replacement's result under the
// original keys, that unrelated analyzers stay themselves, and that the
// originals are not modified.
func TestSubstitute(t *testing.T) {
	result := func(v string) func(*analysis.Pass) (any, error) {
		return func(*analysis.Pass) (any, error) { return v, nil }
	}
	old := &analysis.Analyzer{Name: "old", Run: result("old")}
	repl := &analysis.Analyzer{Name: "old", Run: result("new")}
	other := &analysis.Analyzer{Name: "other", Run: result("other")}
	mid := &analysis.Analyzer{Name: "mid", Requires: []*analysis.Analyzer{old}, Run: func(pass *analysis.Pass) (any, error) {
		return "mid saw " + pass.ResultOf[old].(string), nil
	}}
	top := &analysis.Analyzer{Name: "top", Requires: []*analysis.Analyzer{mid, old, other}, Run: func(pass *analysis.Pass) (any, error) {
		return pass.ResultOf[mid].(string) + ", top saw " + pass.ResultOf[old].(string) + " and " + pass.ResultOf[other].(string), nil
	}}

	out := Substitute([]*analysis.Analyzer{top, other}, old, func() *analysis.Analyzer { return repl })
	if out[1] != other {
		t.Errorf("an analyzer that does not require old was copied")
	}
	newTop := out[0]
	if newTop == top || newTop.Requires[1] != repl || newTop.Requires[2] != other {
		t.Fatalf("top's copy requires %v", newTop.Requires)
	}
	newMid := newTop.Requires[0]
	if newMid == mid || newMid.Requires[0] != repl {
		t.Fatalf("mid was not copied with repl: %v", newMid.Requires)
	}
	if top.Requires[0] != mid || mid.Requires[0] != old {
		t.Errorf("the original analyzers were modified")
	}

	// Run the copies as a driver would: each pass holds the results of
	// the analyzers it requires, under the keys of its Requires.
	midRes, err := newMid.Run(&analysis.Pass{ResultOf: map[*analysis.Analyzer]any{repl: "new"}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := newTop.Run(&analysis.Pass{ResultOf: map[*analysis.Analyzer]any{newMid: midRes, repl: "new", other: "other"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "mid saw new, top saw new and other"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}

	// Nothing requires old: the replacement is never made.
	made := false
	if out := Substitute([]*analysis.Analyzer{other}, old, func() *analysis.Analyzer { made = true; return repl }); out[0] != other || made {
		t.Errorf("without a requirement of old: %v, replacement made %v", out, made)
	}
}

// TestNamedElsewhereImplementations: a method of an interface that another
// package calls names the methods of the module that implement it, and
// only those.
func TestNamedElsewhereImplementations(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"k/k.go": `package k

type Client interface{ Save(v any) error }

type Impl struct{}

func (*Impl) Save(v any) error { return nil }
func (*Impl) Other(v any) error { return nil }

type Unrelated struct{}

func (Unrelated) Save(v int) error { return nil }

func Helper(v any) {}
func Unused(v any) {}
`,
		"c/c.go": `package c

import "example.com/m/k"

func Run(c k.Client) error { k.Helper(nil); return c.Save(nil) }
`,
	})
	pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: packages.LoadSyntax}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	named := fullNames(NamedElsewhere(pkgs))
	for key, want := range map[string]bool{
		"(example.com/m/k.Client).Save":    true,
		"(*example.com/m/k.Impl).Save":     true,
		"example.com/m/k.Helper":           true,
		"(*example.com/m/k.Impl).Other":    false,
		"(example.com/m/k.Unrelated).Save": false,
		"example.com/m/k.Unused":           false,
	} {
		if named[key] != want {
			t.Errorf("named[%s] = %v, want %v (all: %v)", key, named[key], want, named)
		}
	}
}

// fullNames keys named by the functions' full names.
func fullNames(named map[*types.Func]bool) map[string]bool {
	out := map[string]bool{}
	for fn := range named {
		out[fn.FullName()] = true
	}
	return out
}

// TestNamedElsewhereVariants: a function that other packages name is named
// in the package they import, not in its test variant, which only the
// external test package imports (and whose own names are the test
// variant's only).
func TestNamedElsewhereVariants(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"k/k.go": `package k

func ForOthers(v any) {}
func ForTests(v any)  {}
`,
		"k/k_internal_test.go": `package k

import "testing"

func TestIn(t *testing.T) { ForTests(nil) }
`,
		"k/k_test.go": `package k_test

import (
	"testing"

	"example.com/m/k"
)

func TestOut(t *testing.T) { k.ForTests(nil) }
`,
		"c/c.go": `package c

import "example.com/m/k"

func Run() { k.ForOthers(nil) }
`,
	})
	pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: packages.LoadSyntax, Tests: true}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	named := NamedElsewhere(pkgs)
	variants := map[string]*types.Package{}
	for _, p := range pkgs {
		if p.PkgPath == "example.com/m/k" {
			variants[p.ID] = p.Types
		}
	}
	plain, tested := variants["example.com/m/k"], variants[testVariantID("example.com/m/k")]
	if plain == nil || tested == nil {
		t.Fatalf("variants of k: %v", variants)
	}
	for _, c := range []struct {
		pkg  *types.Package
		name string
		want bool
	}{
		{plain, "ForOthers", true},
		{plain, "ForTests", false},
		{tested, "ForOthers", false},
		{tested, "ForTests", true},
	} {
		fn, _ := c.pkg.Scope().Lookup(c.name).(*types.Func)
		if fn == nil || named[fn] != c.want {
			t.Errorf("%s in %s: named %v, want %v", c.name, c.pkg, fn != nil && named[fn], c.want)
		}
	}
}

// TestInspectRootsOnly: the inspector is built for the packages the run
// analyses, and nil for a package whose test variant is analysed instead.
func TestInspectRootsOnly(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.mod":               "module example.com/m\n\ngo 1.22\n",
		"k/k.go":               "package k\n\nfunc F() {}\n",
		"k/k_internal_test.go": "package k\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n",
		"c/c.go":               "package c\n\nimport \"example.com/m/k\"\n\nfunc Run() { k.F() }\n",
	})
	pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: packages.LoadSyntax, Tests: true}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	a := InspectRootsOnly(pkgs)
	for _, p := range pkgs {
		want := p.ID != "example.com/m/k" // k itself: its test variant is the root
		res, err := a.Run(&analysis.Pass{Pkg: p.Types, Files: p.Syntax})
		in, _ := res.(*inspector.Inspector)
		if err != nil || (in != nil) != want {
			t.Errorf("%s: inspector %v, want one: %v (err %v)", p.ID, in != nil, want, err)
		}
	}
}
