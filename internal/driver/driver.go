// Package driver loads Go packages with go/packages and runs analyzers on
// them through the public golang.org/x/tools/go/analysis/checker API. It
// is the standalone driver of the opvet command and of the benchmark's
// null analyzer (tools/nullcheck), so that both pay the same loading cost.
//
// It returns findings as values, sorted and without duplicates (a file
// analysed as part of a package and of its test variant reports once),
// and turns the failures of loading into one error per package: the
// command decides how to print them.
package driver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Options control a run.
type Options struct {
	// Dir is the directory the go command runs in; "" is the current one.
	Dir string
	// Tests includes the packages' test files and test packages.
	Tests bool
	// Progress, if not nil, is told what the run is doing.
	Progress *Progress
	// Context, if not nil, cancels the loading of the packages (the go
	// command and the parsing and type-checking): Run then returns its
	// error. The analysis that follows the loading is not interrupted.
	Context context.Context
	// Loaded, if not nil, is called once the packages are loaded, before
	// the analysis starts; when it returns false, Run returns without
	// analysing (a command that took an interrupt during the loading).
	Loaded func() bool
	// Env, if not nil, is the environment of the go command (os.Environ()
	// when nil).
	Env []string
	// Prepare, if not nil, is given the loaded packages (the roots and,
	// through their imports, every package loaded) and the analyzers,
	// and returns the analyzers to run: a driver that sees the whole
	// module may narrow what a pass computes for importers (Substitute,
	// NamedElsewhere).
	Prepare func(pkgs []*packages.Package, analyzers []*analysis.Analyzer) []*analysis.Analyzer
}

// Result is the outcome of a run.
type Result struct {
	// Findings are the diagnostics of the root packages, sorted by file,
	// line, column, check and message, without duplicates.
	Findings []Finding
	// PackageErrors lists the packages that did not load or type-check;
	// the others were analysed.
	PackageErrors []PackageError
	// CheckErrors are analyzers that failed on a package that loaded.
	CheckErrors []error
	// Roots are the packages the patterns matched, with their test
	// variants and external test packages, in go list's order.
	Roots []Root
	// GOPATHMode says that the directory has no go.mod and lies in a
	// GOPATH src tree, so the packages were loaded in GOPATH mode
	// (GO111MODULE=off).
	GOPATHMode bool
	// Notes are what the checks said about the run besides findings
	// (analyzer results with a NoteList() []string method), each once,
	// sorted.
	Notes []string
}

// Root is one package the patterns matched.
type Root struct {
	// Path is its import path; ID is go/packages' ID, which tells a test
	// variant ("p [p.test]") from the package.
	Path, ID string
	// Files are its Go files, absolute.
	Files []string
	// Analysed tells whether it loaded and type-checked, dependencies
	// included, so that its findings are complete.
	Analysed bool
}

// Finding is one diagnostic.
type Finding struct {
	// Check is the name of the analyzer that reported it.
	Check string
	// Package is the import path of the package it was reported in.
	Package string
	// Pos and End delimit the reported range; Filename is absolute.
	// End is Pos when the diagnostic has no end.
	Pos, End token.Position
	// Message is the diagnostic's message without the "<check>: " prefix
	// that opvet's checks put first.
	Message string
	// URL is the documentation of the check.
	URL string
	// Fixes are the diagnostic's suggested fixes, resolved to files and
	// offsets.
	Fixes []Fix
	// Related are the other places the message names (the patch base's
	// change, the cached read), for drivers that can point at them.
	Related []Related
}

// Related is a second place a finding names.
type Related struct {
	// Pos and End delimit it, as in Finding.
	Pos, End token.Position
	// Message says what is there.
	Message string
}

// Fix is one suggested fix.
type Fix struct {
	Message string
	Edits   []Edit
}

// Edit replaces the bytes [Start.Offset, End.Offset) of Start.Filename by
// New.
type Edit struct {
	Start, End token.Position
	New        string
	// Size is the size of the file when it was analysed.
	Size int
}

// PackageError is a package that did not load or type-check.
type PackageError struct {
	// Package is its import path (or the pattern that failed).
	Package string
	// First is its first error, with a position when it has one.
	First string
	// More counts its further errors.
	More int
	// NoMatch says that Package is a pattern that matched no package.
	NoMatch bool
	// Kind is the kind of the first error.
	Kind packages.ErrorKind
	// Dependency, when set, is the import path of the dependency that
	// holds the error: Package itself has none but was not analysed.
	Dependency string
	// TestsOnly says that the errors are in Package's _test.go files
	// only (with Dependency: a dependency that only they import):
	// Package itself was analysed without them.
	TestsOnly bool
}

func (e PackageError) verb() string {
	switch e.Kind {
	case packages.TypeError:
		return "type-check"
	case packages.ParseError:
		return "parse"
	}
	return "load"
}

func (e PackageError) Error() string {
	if e.NoMatch {
		return fmt.Sprintf("%s matched no packages (%s)", e.Package, e.First)
	}
	more := ""
	if e.More > 0 {
		more = fmt.Sprintf(" (and %d more)", e.More)
	}
	switch {
	case e.Dependency != "" && e.TestsOnly:
		return fmt.Sprintf("the tests of package %s were not analysed: their dependency %s does not %s: %s%s; the package was analysed without them",
			e.Package, e.Dependency, e.verb(), e.First, more)
	case e.Dependency != "":
		return fmt.Sprintf("package %s was not analysed: its dependency %s does not %s: %s%s",
			e.Package, e.Dependency, e.verb(), e.First, more)
	}
	if e.TestsOnly {
		return fmt.Sprintf("the tests of package %s do not %s: %s%s; the package was analysed without them",
			e.Package, e.verb(), e.First, more)
	}
	return fmt.Sprintf("package %s does not %s: %s%s", e.Package, e.verb(), e.First, more)
}

// ErrNoModule is returned when the patterns need a main module and there
// is none.
var ErrNoModule = errors.New("go.mod file not found in the current directory or any parent")

// NoMatchError is returned for patterns that match no package.
type NoMatchError struct{ Patterns []string }

func (e *NoMatchError) Error() string {
	return fmt.Sprintf("%s matched no packages", strings.Join(e.Patterns, " "))
}

// Run loads the packages of patterns and runs analyzers on them. An error
// means nothing was analysed: no main module, patterns that match nothing,
// or a go command that fails.
func Run(analyzers []*analysis.Analyzer, patterns []string, opts Options) (*Result, error) {
	if err := analysis.Validate(analyzers); err != nil {
		return nil, err
	}
	gopathMode := false
	tree := "" // in GOPATH mode, the import path of the directory
	if needsModule(patterns) && !inModule(opts.Dir, opts.Env) {
		var ok bool
		if tree, ok = gopathImportPath(opts.Dir, opts.Env); !ok {
			return nil, ErrNoModule
		}
		// A tree of the GOPATH era (no go.mod, often a vendor
		// directory): the go command still loads it in GOPATH mode.
		opts.Env = append(slices.Clone(environ(opts.Env)), "GO111MODULE=off")
		gopathMode = true
	}
	opts.Progress.phase(phaseLoad)
	allSyntax := needFacts(analyzers)
	pkgs, err := load(patterns, allSyntax, opts)
	if err != nil {
		return nil, err
	}
	if extra := moduleDepsWithoutSyntax(pkgs, tree); len(extra) > 0 && !allSyntax && needModuleFacts(analyzers) {
		// The module's facts need the syntax of the module's packages
		// that the patterns import without naming them: load those as
		// roots too, and analyse them only for their facts.
		var all []*packages.Package
		if all, err = load(append(slices.Clone(patterns), extra...), false, opts); err != nil {
			return nil, err
		}
		pkgs = rootsOf(all, extra)
	}
	opts.Progress.loaded(len(pkgs), len(analyzers))
	roots := rootTypes(pkgs)
	if opts.Prepare != nil {
		analyzers = opts.Prepare(pkgs, analyzers)
	}
	if opts.Loaded != nil && !opts.Loaded() {
		return nil, context.Canceled
	}
	graph, err := checker.Analyze(opts.Progress.count(analyzers, roots), AnalysisRoots(pkgs), nil)
	if err != nil {
		return nil, err
	}
	res := &Result{PackageErrors: packageErrors(pkgs), Roots: rootList(pkgs), GOPATHMode: gopathMode}
	res.Findings, res.CheckErrors = collect(graph)
	res.Notes = notes(graph)
	if !gopathMode {
		res.Notes = append(res.Notes, unreachedModules(pkgs, patterns, opts.Dir)...)
	}
	return res, nil
}

// AnalysisRoots returns the packages to analyse: as go vet does, a
// package that has a test variant (p [p.test], its files and its
// in-package tests) is analysed only as that variant, which holds every
// file of the package; analysing both would do the same work twice and
// report the same findings twice. When the test variant cannot be
// analysed (its tests import a package that does not type-check), p is
// analysed on its own.
func AnalysisRoots(pkgs []*packages.Package) []*packages.Package {
	tested := map[string]bool{}
	for _, p := range pkgs {
		if p.ID == testVariantID(p.PkgPath) && !p.IllTyped {
			tested[p.PkgPath] = true
		}
	}
	if len(tested) == 0 {
		return pkgs
	}
	roots := make([]*packages.Package, 0, len(pkgs))
	for _, p := range pkgs {
		if p.ID == p.PkgPath && tested[p.PkgPath] {
			continue
		}
		roots = append(roots, p)
	}
	return roots
}

// testVariantID is the ID go/packages gives the test variant of the
// package at path.
func testVariantID(path string) string { return path + " [" + path + ".test]" }

// needsModule tells whether patterns name packages rather than only .go
// files (which the go command loads outside a module).
func needsModule(patterns []string) bool {
	for _, p := range patterns {
		if !strings.HasSuffix(p, ".go") {
			return true
		}
	}
	return false
}

// inModule tells whether dir is inside a main module or a workspace, or
// the go command runs in GOPATH mode; when the go command cannot say, it
// answers yes and leaves the error to go list.
func inModule(dir string, env []string) bool {
	cmd := exec.Command("go", "env", "GOMOD", "GOWORK", "GO111MODULE")
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return true
	}
	lines := strings.Split(string(out), "\n")
	if len(lines) < 3 {
		return true
	}
	gomod, gowork, mode := strings.TrimSpace(lines[0]), strings.TrimSpace(lines[1]), strings.TrimSpace(lines[2])
	return mode == "off" || (gomod != "" && gomod != os.DevNull) || (gowork != "" && gowork != "off")
}

// gopathImportPath tells whether dir lies in the src tree of a GOPATH
// entry, and the import path it has there.
func gopathImportPath(dir string, env []string) (string, bool) {
	cmd := exec.Command("go", "env", "GOPATH")
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return "", false
	}
	abs, err := filepath.Abs(cmp.Or(dir, "."))
	if err != nil {
		return "", false
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	for _, root := range filepath.SplitList(strings.TrimSpace(string(out))) {
		if root == "" {
			continue
		}
		src := filepath.Join(root, "src")
		if real, err := filepath.EvalSymlinks(src); err == nil {
			src = real
		}
		if rel, err := filepath.Rel(src, abs); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel), true
		}
	}
	return "", false
}

// inGOPATHTree tells whether the package at path belongs to the GOPATH
// tree whose import path is tree, outside its vendor directories.
func inGOPATHTree(path, tree string) bool {
	return (path == tree || strings.HasPrefix(path, tree+"/")) && !strings.Contains(path, "/vendor/")
}

// environ returns env, or the process's environment when env is nil.
func environ(env []string) []string {
	if env == nil {
		return os.Environ()
	}
	return env
}

func load(patterns []string, allSyntax bool, opts Options) ([]*packages.Package, error) {
	mode := packages.LoadSyntax | packages.NeedModule
	if allSyntax {
		mode = packages.LoadAllSyntax | packages.NeedModule
	}
	cfg := &packages.Config{
		Mode:      mode,
		Dir:       opts.Dir,
		Tests:     opts.Tests,
		ParseFile: opts.Progress.parseFile(),
		Context:   opts.Context,
		Env:       opts.Env,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if opts.Context != nil && opts.Context.Err() != nil {
		return nil, opts.Context.Err()
	}
	if err != nil {
		return nil, loadError(err)
	}
	if len(pkgs) == 0 || !slices.ContainsFunc(pkgs, matched) {
		return nil, &NoMatchError{Patterns: patterns}
	}
	return pkgs, nil
}

// matched tells whether p is a package rather than go list's stand-in for
// a pattern that matched nothing (a missing directory, one without Go
// files).
func matched(p *packages.Package) bool {
	return p.Name != "" || len(p.GoFiles)+len(p.CompiledGoFiles)+len(p.OtherFiles) > 0 || len(p.Errors) == 0
}

// loadError shortens the go command's error to its first line, without
// go/packages' wrapping ("err: exit status 1: stderr: ..."), joined with
// the indented lines that continue it: a failed download is reported as
// "m@v requires" and, on the next lines, the chain down to the module
// that failed and why ("...: 403 Forbidden").
func loadError(err error) error {
	msg := err.Error()
	if _, stderr, ok := strings.Cut(msg, "stderr: "); ok {
		msg = stderr
	}
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	msg = lines[0]
	for i, l := range lines[1:] {
		indented := l != "" && (l[0] == '\t' || l[0] == ' ')
		if !indented && (i > 0 || !strings.HasSuffix(msg, ":") || l == "") {
			break // the first line ends with a colon: its cause follows
		}
		msg += " " + strings.TrimSpace(l)
	}
	msg = strings.TrimPrefix(msg, "go: ")
	if strings.Contains(msg, "go.mod file not found") {
		return ErrNoModule
	}
	return errors.New(msg)
}

// needFacts tells whether an analyzer, or one it requires, uses facts
// that every dependency must provide: then every dependency is analysed
// too, from source. Module-scoped facts (objflow's summaries) are
// exported only by the packages of the main module, which are loaded from
// source; the other dependencies are loaded from export data, and the
// analyzer finds no syntax there and exports nothing.
func needFacts(analyzers []*analysis.Analyzer) bool {
	return usesFacts(analyzers, func(f analysis.Fact) bool { return !isModuleScoped(f) })
}

// needModuleFacts tells whether an analyzer, or one it requires, uses
// module-scoped facts.
func needModuleFacts(analyzers []*analysis.Analyzer) bool {
	return usesFacts(analyzers, isModuleScoped)
}

// isModuleScoped tells whether a fact type is exported only for the
// packages of the main module.
func isModuleScoped(f analysis.Fact) bool {
	_, ok := f.(interface{ ModuleScoped() })
	return ok
}

func usesFacts(analyzers []*analysis.Analyzer, match func(analysis.Fact) bool) bool {
	seen := map[*analysis.Analyzer]bool{}
	var visit func(as []*analysis.Analyzer) bool
	visit = func(as []*analysis.Analyzer) bool {
		for _, a := range as {
			if seen[a] {
				continue
			}
			seen[a] = true
			if slices.ContainsFunc(a.FactTypes, match) || visit(a.Requires) {
				return true
			}
		}
		return false
	}
	return visit(analyzers)
}

// moduleDepsWithoutSyntax returns the import paths of the packages of a
// main module that the loaded packages import without having loaded
// them from source (the patterns did not name them). In GOPATH mode
// (tree is the import path of the directory opvet runs in) the main
// module is the tree: its packages outside vendor directories.
func moduleDepsWithoutSyntax(pkgs []*packages.Package, tree string) []string {
	var out []string
	seen := map[*packages.Package]bool{}
	helpers := objectHelperPackages(pkgs)
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		inTree := tree != "" && p.Module == nil && inGOPATHTree(p.PkgPath, tree)
		if !ownModule(p.Module) && !inTree {
			return // the module's packages import each other only below a main-module package
		}
		if p.Syntax == nil && p.PkgPath != "" && (inTree || p.Module.Main || helpers[p.PkgPath]) {
			out = append(out, p.PkgPath)
		}
		for _, q := range p.Imports {
			visit(q)
		}
	}
	for _, p := range pkgs {
		visit(p)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// objectHelperPackages returns the packages whose package-level
// functions the loaded packages use and that take an object (a parameter
// of type client.Object, runtime.Object, metav1.Object or a pointer to a
// struct with ObjectMeta: AddFinalizer(dst, src client.Object) of an API
// module); generated conversion and defaulting functions (Convert_...,
// SetObjectDefaults_...) are left out. Those of a locally replaced module are
// loaded from source for their summaries; the rest of such a module (API
// types, generated conversions, methods) is not, which would double the
// cost on cluster-api (its ./api module, replace ... => ./api).
func objectHelperPackages(pkgs []*packages.Package) map[string]bool {
	out := map[string]bool{}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, obj := range p.TypesInfo.Uses {
			fn, ok := obj.(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg() == p.Types || out[fn.Pkg().Path()] {
				continue
			}
			if sig := fn.Signature(); sig.Recv() == nil && !strings.Contains(fn.Name(), "_") && takesObject(sig) {
				out[fn.Pkg().Path()] = true
			}
		}
	}
	return out
}

// takesObject reports whether a parameter of sig is an object: one of the
// interfaces every Kubernetes object implements, or a pointer to a struct
// with ObjectMeta.
func takesObject(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		t := types.Unalias(sig.Params().At(i).Type())
		if ptr, ok := t.(*types.Pointer); ok {
			if _, isStruct := ptr.Elem().Underlying().(*types.Struct); isStruct {
				if f, _, _ := types.LookupFieldOrMethod(ptr.Elem(), true, nil, "ObjectMeta"); f != nil {
					return true
				}
			}
			continue
		}
		named, ok := t.(*types.Named)
		if !ok || named.Obj().Pkg() == nil || named.Obj().Name() != "Object" {
			continue
		}
		switch named.Obj().Pkg().Path() {
		case "sigs.k8s.io/controller-runtime/pkg/client", "k8s.io/apimachinery/pkg/runtime", "k8s.io/apimachinery/pkg/apis/meta/v1":
			return true
		}
	}
	return false
}

// ownModule reports whether m is a main module or a module that the main
// module replaces with a local directory (an API module of the same
// repository), whose summaries the main module's packages use.
func ownModule(m *packages.Module) bool {
	return m != nil && (m.Main || m.Replace != nil && m.Replace.Version == "" && !m.Replace.Main)
}

// rootsOf returns the packages of a load of patterns plus extra that the
// patterns alone loaded: the extra packages (none of which the patterns
// matched) stay in the import graph, loaded from source, for their facts,
// but are not analysed as roots.
func rootsOf(all []*packages.Package, extra []string) []*packages.Package {
	isExtra := map[string]bool{}
	for _, e := range extra {
		isExtra[e] = true
	}
	roots := all[:0:0]
	for _, p := range all {
		// The package, its test variant, its external tests, its test main.
		path := strings.TrimSuffix(strings.TrimSuffix(p.PkgPath, ".test"), "_test")
		if isExtra[path] {
			continue
		}
		roots = append(roots, p)
	}
	return roots
}

// packageErrors lists the root packages with errors, once per import path
// (a package and its test variant share their errors).
func packageErrors(pkgs []*packages.Package) []PackageError {
	byPath := map[string]PackageError{}
	for _, p := range pkgs {
		path := p.PkgPath
		if path == "" {
			path = p.ID
		}
		if _, seen := byPath[path]; seen {
			continue
		}
		if len(p.Errors) == 0 {
			// Type-checked against a broken dependency: not analysed
			// (the test variant and the test main name themselves).
			if p.Name == "main" && strings.HasSuffix(p.PkgPath, ".test") {
				continue // a generated test main: its package is reported
			}
			if !p.IllTyped {
				continue
			}
			if dep := brokenDependency(p); dep != nil {
				if p.ID != p.PkgPath {
					path = p.ID
				}
				errs := mainErrors(dep.Errors)
				byPath[path] = PackageError{Package: path, First: errorText(errs[0]), More: len(errs) - 1, Kind: errs[0].Kind, Dependency: dep.PkgPath}
			}
			continue
		}
		errs := mainErrors(p.Errors)
		if dep := failedImport(p, errs); dep != nil {
			derrs := dep.Errors
			byPath[path] = PackageError{Package: path, First: errorText(derrs[0]), More: len(derrs) - 1, Kind: derrs[0].Kind, Dependency: dep.PkgPath,
				TestsOnly: testsOnly(p, errs, pkgs)}
			continue
		}
		byPath[path] = PackageError{Package: path, First: errorText(errs[0]), More: len(errs) - 1, NoMatch: !matched(p), Kind: errs[0].Kind,
			TestsOnly: testsOnly(p, errs, pkgs)}
	}
	out := make([]PackageError, 0, len(byPath))
	for _, e := range byPath {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b PackageError) int { return cmp.Compare(a.Package, b.Package) })
	return out
}

// testsOnly reports whether p is a test variant whose errors all lie in
// _test.go files while the package without its tests loaded cleanly (so
// AnalysisRoots analyses it on its own).
func testsOnly(p *packages.Package, errs []packages.Error, pkgs []*packages.Package) bool {
	if p.ID != testVariantID(p.PkgPath) {
		return false
	}
	for _, e := range errs {
		file, _, _ := strings.Cut(e.Pos, ":")
		if !strings.HasSuffix(file, "_test.go") {
			return false
		}
	}
	for _, q := range pkgs {
		if q.ID == p.PkgPath {
			return len(q.Errors) == 0 && !q.IllTyped
		}
	}
	return false
}

// failedImport returns the dependency that go list could not load when it
// is the cause of p's first error, whose own error (the module proxy's
// answer) says why; nil otherwise. The type checker names such a dependency
// in two ways: "could not import X (invalid package name: \"\")" when its
// download failed, and "undefined: q.Name" when q is the import of a package
// go list left empty (a module of its graph did not download).
func failedImport(p *packages.Package, errs []packages.Error) *packages.Package {
	if len(errs) == 0 || errs[0].Kind != packages.TypeError {
		return nil
	}
	path := importedPath(p, errs[0].Msg)
	if path == "" {
		return nil
	}
	dep := findImport(p, path)
	if dep == nil || len(dep.Errors) == 0 || dep.Errors[0].Kind != packages.ListError {
		return nil
	}
	return dep
}

// importedPath returns the import path that a type error's message blames,
// or "".
func importedPath(p *packages.Package, msg string) string {
	if _, rest, ok := strings.Cut(msg, "could not import "); ok {
		path, _, _ := strings.Cut(rest, " ")
		return path
	}
	if rest, ok := strings.CutPrefix(msg, "undefined: "); ok {
		if qual, _, ok := strings.Cut(rest, "."); ok {
			return qualifiedImport(p, qual)
		}
	}
	return ""
}

// qualifiedImport returns the path of the import that p's files name qual
// (by an explicit name, else by the imported package's name or its path's
// last element), or "".
func qualifiedImport(p *packages.Package, qual string) string {
	for _, f := range p.Syntax {
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				continue
			}
			switch {
			case spec.Name != nil:
				if spec.Name.Name == qual {
					return path
				}
			case p.Imports[path] != nil && p.Imports[path].Name == qual,
				path[strings.LastIndex(path, "/")+1:] == qual:
				return path
			}
		}
	}
	return ""
}

// findImport returns the package with import path path among p's
// dependencies, or nil.
func findImport(p *packages.Package, path string) *packages.Package {
	var found *packages.Package
	packages.Visit([]*packages.Package{p}, func(q *packages.Package) bool {
		if found == nil && q != p && q.PkgPath == path {
			found = q
		}
		return found == nil
	}, nil)
	return found
}

// brokenDependency returns the first dependency of p, in import order and
// depth first, that has errors, or nil.
func brokenDependency(p *packages.Package) *packages.Package {
	seen := map[*packages.Package]bool{}
	var visit func(*packages.Package) *packages.Package
	visit = func(q *packages.Package) *packages.Package {
		paths := slices.Sorted(maps.Keys(q.Imports))
		for _, path := range paths {
			dep := q.Imports[path]
			if seen[dep] {
				continue
			}
			seen[dep] = true
			if len(dep.Errors) > 0 {
				return dep
			}
			if found := visit(dep); found != nil {
				return found
			}
		}
		return nil
	}
	return visit(p)
}

// mainErrors are a package's parse and type errors, which say what is
// wrong; or, when it has none, its other errors (go list's, which repeat
// the compiler's when building the export data of a broken package).
func mainErrors(errs []packages.Error) []packages.Error {
	var out []packages.Error
	for _, e := range errs {
		if e.Kind == packages.ParseError || e.Kind == packages.TypeError {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return errs
	}
	slices.SortStableFunc(out, func(a, b packages.Error) int {
		af, al, ac := splitPos(a.Pos)
		bf, bl, bc := splitPos(b.Pos)
		return cmp.Or(cmp.Compare(af, bf), cmp.Compare(al, bl), cmp.Compare(ac, bc))
	})
	return out
}

// splitPos splits "file:line:col" (line and col optional).
func splitPos(pos string) (string, int, int) {
	parts := strings.Split(pos, ":")
	nums := []int{0, 0}
	for i := 0; i < 2 && len(parts) > 1; i++ {
		n, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			break
		}
		nums[1-i] = n
		parts = parts[:len(parts)-1]
	}
	if nums[0] == 0 { // only one number: it is the line
		nums[0], nums[1] = nums[1], 0
	}
	return strings.Join(parts, ":"), nums[0], nums[1]
}

// errorText is a package error with its position made relative to the
// working directory.
func errorText(e packages.Error) string {
	var msg string
	for _, line := range strings.Split(e.Msg, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "# ") {
			msg = line
			break
		}
	}
	if e.Pos == "" || e.Pos == "-" {
		return msg
	}
	return RelPath(e.Pos) + ": " + msg
}

// rootList describes the root packages but the generated test mains.
func rootList(pkgs []*packages.Package) []Root {
	out := make([]Root, 0, len(pkgs))
	for _, p := range pkgs {
		if p.Name == "main" && strings.HasSuffix(p.PkgPath, ".test") {
			continue
		}
		r := Root{Path: p.PkgPath, ID: p.ID, Files: slices.Clone(p.CompiledGoFiles)}
		r.Analysed = len(p.Errors) == 0 && !p.IllTyped
		out = append(out, r)
	}
	return out
}

// rootTypes are the types of the root packages.
func rootTypes(pkgs []*packages.Package) map[*types.Package]bool {
	out := map[*types.Package]bool{}
	for _, p := range pkgs {
		out[p.Types] = true
	}
	return out
}

// collect returns the findings of the root actions, and the errors of
// analyzers that failed on packages that loaded (a package with errors is
// reported once, by packageErrors).
func collect(graph *checker.Graph) ([]Finding, []error) {
	type key struct {
		check, msg string
		pos, end   token.Position
	}
	seen := map[key]bool{}
	var findings []Finding
	var errs []error
	seenErr := map[string]bool{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			if !act.Package.IllTyped && len(act.Package.Errors) == 0 {
				msg := fmt.Sprintf("%s failed on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
				if !seenErr[msg] {
					seenErr[msg] = true
					errs = append(errs, errors.New(msg))
				}
			}
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			f := finding(fset, act.Analyzer.Name, act.Package.PkgPath, d)
			k := key{f.Check, f.Message, f.Pos, f.End}
			if seen[k] {
				continue
			}
			seen[k] = true
			findings = append(findings, f)
		}
	}
	slices.SortFunc(findings, compareFindings)
	return findings, errs
}

// noter is an analyzer result that carries notes (report.Notes).
type noter interface{ NoteList() []string }

// notes returns the distinct notes of the root actions, sorted.
func notes(graph *checker.Graph) []string {
	seen := map[string]bool{}
	var out []string
	for _, act := range graph.Roots {
		n, ok := act.Result.(noter)
		if !ok {
			continue
		}
		for _, s := range n.NoteList() {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return out
}

func finding(fset *token.FileSet, check, pkg string, d analysis.Diagnostic) Finding {
	pos := fset.Position(d.Pos)
	end := pos
	if d.End.IsValid() {
		end = fset.Position(d.End)
	}
	msg := strings.TrimPrefix(d.Message, check+": ")
	f := Finding{Check: check, Package: pkg, Pos: pos, End: end, Message: msg, URL: d.URL}
	for _, sf := range d.SuggestedFixes {
		fix := Fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			start := fset.Position(e.Pos)
			stop := start
			if e.End.IsValid() {
				stop = fset.Position(e.End)
			}
			size := -1
			if tf := fset.File(e.Pos); tf != nil {
				size = tf.Size()
			}
			fix.Edits = append(fix.Edits, Edit{Start: start, End: stop, New: string(e.NewText), Size: size})
		}
		f.Fixes = append(f.Fixes, fix)
	}
	for _, r := range d.Related {
		rel := Related{Pos: fset.Position(r.Pos), Message: r.Message}
		rel.End = rel.Pos
		if r.End.IsValid() {
			rel.End = fset.Position(r.End)
		}
		f.Related = append(f.Related, rel)
	}
	return f
}

func compareFindings(a, b Finding) int {
	return cmp.Or(
		cmp.Compare(a.Pos.Filename, b.Pos.Filename),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Column, b.Pos.Column),
		cmp.Compare(a.Check, b.Check),
		cmp.Compare(a.Message, b.Message),
	)
}

// RelPath returns path ("file" or "file:line:col") relative to the
// working directory when it lies below it, as go vet prints file names,
// and unchanged otherwise.
func RelPath(path string) string {
	if !filepath.IsAbs(path) {
		return path
	}
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}
