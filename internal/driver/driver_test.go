package driver

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// writeModule writes files (slash-separated names) under a new module
// example.com/m and returns its directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	files["go.mod"] = "module example.com/m\n\ngo 1.22\n"
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// offline is the environment of runs on modules without dependencies.
func offline() []string {
	return append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
}

// funcs reports every function declaration, with its body as the related
// place.
var funcs = &analysis.Analyzer{
	Name: "funcs",
	Doc:  "report functions",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					pass.Report(analysis.Diagnostic{
						Pos: fd.Name.Pos(), End: fd.Name.End(), Message: "funcs: " + fd.Name.Name,
						Related: []analysis.RelatedInformation{{Pos: fd.Body.Lbrace, Message: "its body"}},
					})
				}
			}
		}
		return nil, nil
	},
}

func TestRunRootsAndRelated(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"good/good.go":      "package good\n\nfunc F() {}\n",
		"good/good_test.go": "package good\n\nfunc G() {}\n",
		"good/x_test.go":    "package good_test\n\nfunc H() {}\n",
		"bad/bad.go":        "package bad\n\nfunc B() int { return \"\" }\n",
	})
	res, err := Run([]*analysis.Analyzer{funcs}, []string{"./..."}, Options{Dir: dir, Tests: true, Env: offline()})
	if err != nil {
		t.Fatal(err)
	}
	analysed := map[string]bool{}
	files := map[string][]string{}
	for _, r := range res.Roots {
		analysed[r.ID] = r.Analysed
		for _, f := range r.Files {
			rel, _ := filepath.Rel(dir, f)
			files[r.ID] = append(files[r.ID], filepath.ToSlash(rel))
		}
	}
	want := map[string]bool{
		"example.com/m/bad": false, "example.com/m/good": true,
		"example.com/m/good [example.com/m/good.test]": true, "example.com/m/good_test [example.com/m/good.test]": true,
	}
	for id, ok := range want {
		if got, found := analysed[id]; !found || got != ok {
			t.Errorf("root %s: analysed %v (listed %v), want %v; roots %v", id, got, found, ok, res.Roots)
		}
	}
	if len(analysed) != len(want) {
		t.Errorf("roots %v, want %d (no test main)", res.Roots, len(want))
	}
	if got := files["example.com/m/good [example.com/m/good.test]"]; !slices.Equal(got, []string{"good/good.go", "good/good_test.go"}) {
		t.Errorf("files of the test variant: %v", got)
	}
	var names []string
	for _, f := range res.Findings {
		if !strings.HasPrefix(f.Pos.Filename, dir) {
			continue // the generated test main
		}
		names = append(names, f.Message)
		if len(f.Related) != 1 || f.Related[0].Message != "its body" || f.Related[0].Pos.Filename != f.Pos.Filename ||
			f.Related[0].Pos.Line != f.Pos.Line || f.Related[0].End != f.Related[0].Pos {
			t.Errorf("%s: related %+v, want its body on its line, without an end", f.Message, f.Related)
		}
	}
	if !slices.Equal(names, []string{"F", "G", "H"}) {
		t.Errorf("findings %v, want F, G, H", names)
	}
}

func TestRunCancelled(t *testing.T) {
	dir := writeModule(t, map[string]string{"a/a.go": "package a\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run([]*analysis.Analyzer{funcs}, []string{"./..."}, Options{Dir: dir, Env: offline(), Context: ctx})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run with a cancelled context: %v, want context.Canceled", err)
	}
}

// TestLoadError: the go command's error in one line, with the indented
// lines that say why a requirement could not be loaded.
func TestLoadError(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"err: exit status 1: stderr: go: example.com/m@v0.7.0 requires\n\tvbom.ml/util@v0.0.0-1: reading https://proxy.golang.org/vbom.ml/util/@v/v0.0.0-1.mod: 403 Forbidden\n",
			"example.com/m@v0.7.0 requires vbom.ml/util@v0.0.0-1: reading https://proxy.golang.org/vbom.ml/util/@v/v0.0.0-1.mod: 403 Forbidden"},
		{"err: exit status 1: stderr: go: errors parsing go.mod:\n/x/go.mod:3: unknown directive: foo\n", "errors parsing go.mod: /x/go.mod:3: unknown directive: foo"},
		{"go: cannot find main module, but found .git/config in /x", "cannot find main module, but found .git/config in /x"},
	} {
		if got := loadError(errors.New(c.in)).Error(); got != c.want {
			t.Errorf("loadError(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestFailedImport: a root whose only error is the type checker's "could
// not import" of a dependency that go list could not load is reported with
// that dependency's error (the failed download), not the import's.
func TestFailedImport(t *testing.T) {
	dep := &packages.Package{ID: "example.com/dep", PkgPath: "example.com/dep", Errors: []packages.Error{
		{Msg: "example.com/dep@v0.1.0: reading https://proxy.golang.org/example.com/dep/@v/v0.1.0.zip: 403 Forbidden", Kind: packages.ListError},
	}}
	root := &packages.Package{ID: "example.com/m/a", PkgPath: "example.com/m/a", Name: "a",
		Imports: map[string]*packages.Package{"example.com/dep": dep},
		Errors:  []packages.Error{{Pos: "a.go:3:2", Msg: `could not import example.com/dep (invalid package name: "")`, Kind: packages.TypeError}}}
	errs := packageErrors([]*packages.Package{root})
	if len(errs) != 1 {
		t.Fatalf("packageErrors = %v, want one", errs)
	}
	const want = "package example.com/m/a was not analysed: its dependency example.com/dep does not load: " +
		"example.com/dep@v0.1.0: reading https://proxy.golang.org/example.com/dep/@v/v0.1.0.zip: 403 Forbidden"
	if got := errs[0].Error(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// An ordinary type error stays the package's own.
	root.Errors = []packages.Error{{Pos: "a.go:4:2", Msg: "undefined: x", Kind: packages.TypeError}}
	if got := packageErrors([]*packages.Package{root})[0].Error(); got != "package example.com/m/a does not type-check: a.go:4:2: undefined: x" {
		t.Errorf("ordinary type error: %s", got)
	}
	// A package go list left empty because a module of its graph did not
	// download: the root's type errors name it through its import's name.
	file, err := parser.ParseFile(token.NewFileSet(), "a.go", "package a\nimport corev1 \"example.com/dep\"\nimport \"example.com/other\"\nvar _ corev1.Volume\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	root.Syntax = []*ast.File{file}
	root.Errors = []packages.Error{{Pos: "a.go:4:9", Msg: "undefined: corev1.Volume", Kind: packages.TypeError}}
	if got := packageErrors([]*packages.Package{root})[0].Error(); got != want {
		t.Errorf("undefined through a failed import:\ngot  %s\nwant %s", got, want)
	}
	// A qualifier that names another import, or no import, stays the package's own.
	for _, msg := range []string{"undefined: other.X", "undefined: nosuch.X"} {
		root.Errors = []packages.Error{{Pos: "a.go:4:9", Msg: msg, Kind: packages.TypeError}}
		if got := packageErrors([]*packages.Package{root})[0].Error(); got != "package example.com/m/a does not type-check: a.go:4:9: "+msg {
			t.Errorf("%s: %s", msg, got)
		}
	}
}

// TestTestsOnly: a test variant whose errors lie in its _test.go files,
// while the package alone loads, is reported as its tests' error.
func TestTestsOnly(t *testing.T) {
	plain := &packages.Package{ID: "example.com/m/a", PkgPath: "example.com/m/a", Name: "a"}
	tested := &packages.Package{ID: "example.com/m/a [example.com/m/a.test]", PkgPath: "example.com/m/a", Name: "a",
		Errors: []packages.Error{{Pos: "/src/a/a_test.go:7:2", Msg: "undefined: mocks.New", Kind: packages.TypeError}}}
	errs := packageErrors([]*packages.Package{plain, tested})
	const want = "the tests of package example.com/m/a do not type-check: /src/a/a_test.go:7:2: undefined: mocks.New; the package was analysed without them"
	if len(errs) != 1 || errs[0].Error() != want {
		t.Fatalf("packageErrors = %v, want %s", errs, want)
	}
	// An error in a non-test file, or a package that does not load alone
	// either, stays the package's.
	tested.Errors[0].Pos = "/src/a/a.go:7:2"
	if got := packageErrors([]*packages.Package{plain, tested})[0]; got.TestsOnly {
		t.Errorf("error in a.go: %v", got)
	}
	tested.Errors[0].Pos = "/src/a/a_test.go:7:2"
	plain.IllTyped = true
	if got := packageErrors([]*packages.Package{plain, tested})[0]; got.TestsOnly {
		t.Errorf("package ill-typed alone: %v", got)
	}
}

// TestTestsOnlyFailedImport: a dependency that only the _test.go files
// import and that does not download (cluster-api-provider-openstack's
// controllers tests and sigs.k8s.io/cluster-api/test) leaves the package
// analysed without its tests, and the message says so.
func TestTestsOnlyFailedImport(t *testing.T) {
	dep := &packages.Package{ID: "example.com/framework", PkgPath: "example.com/framework", Errors: []packages.Error{
		{Msg: "example.com/framework@v1.0.0: 403 Forbidden", Kind: packages.ListError},
	}}
	plain := &packages.Package{ID: "example.com/m/a", PkgPath: "example.com/m/a", Name: "a"}
	tested := &packages.Package{ID: "example.com/m/a [example.com/m/a.test]", PkgPath: "example.com/m/a", Name: "a",
		Imports: map[string]*packages.Package{"example.com/framework": dep},
		Errors:  []packages.Error{{Pos: "/src/a/a_test.go:5:2", Msg: `could not import example.com/framework (invalid package name: "")`, Kind: packages.TypeError}}}
	const want = "the tests of package example.com/m/a were not analysed: their dependency example.com/framework does not load: " +
		"example.com/framework@v1.0.0: 403 Forbidden; the package was analysed without them"
	if errs := packageErrors([]*packages.Package{plain, tested}); len(errs) != 1 || errs[0].Error() != want {
		t.Fatalf("packageErrors = %v, want %s", errs, want)
	}
	// The import in a non-test file: the package itself was not analysed.
	tested.Errors[0].Pos = "/src/a/a.go:5:2"
	if got := packageErrors([]*packages.Package{plain, tested})[0].Error(); !strings.HasPrefix(got, "package example.com/m/a was not analysed") {
		t.Errorf("import in a.go: %s", got)
	}
}
