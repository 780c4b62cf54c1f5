package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Require is one module at one version.
type Require struct {
	Path, Version string
}

// Release is the exported API of one release: the public packages of its
// modules, type-checked.
type Release struct {
	// Minor is the release's minor (of its family).
	Minor int
	// Versions are the modules read, at their versions.
	Versions []Require
	// Pkgs are the public packages by import path.
	Pkgs map[string]*packages.Package
}

// load type-checks the public packages of the modules reqs, at those
// versions, from source: in a temporary module that requires them (go get
// resolves their dependencies through the module proxy into the module
// cache), with go/packages, function bodies dropped as each file is parsed
// (the API is in the declarations; bodies are most of the type-checking
// cost). Errors that dropping bodies causes (unused imports) and errors in
// dependencies are ignored; a public package with other errors is an error.
func load(minor int, reqs []Require) (*Release, error) {
	dir, err := os.MkdirTemp("", "apimigrationgen-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module apimigrationgen.local\n\ngo 1.22\n"), 0o644); err != nil {
		return nil, err
	}
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local", "GO111MODULE=on", "CGO_ENABLED=0")
	args := []string{"get"}
	var patterns []string
	for _, r := range reqs {
		args = append(args, r.Path+"@"+r.Version)
		patterns = append(patterns, r.Path+"/...")
	}
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	cfg := &packages.Config{
		Dir:       dir,
		Env:       env,
		Mode:      packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax,
		ParseFile: parseDeclarations,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	r := &Release{Minor: minor, Versions: reqs, Pkgs: map[string]*packages.Package{}}
	for _, p := range pkgs {
		if !Public(p.PkgPath, p.Name) || buildsNothing(p) {
			continue
		}
		if err := firstHardError(p); err != nil {
			return nil, fmt.Errorf("%v: %s: %v", reqs, p.PkgPath, err)
		}
		r.Pkgs[p.PkgPath] = p
	}
	if len(r.Pkgs) == 0 {
		return nil, fmt.Errorf("%v: no public package", reqs)
	}
	return r, nil
}

// buildsNothing reports whether go list found no file of p for this
// platform (a package for another GOOS, or with only test files).
func buildsNothing(p *packages.Package) bool {
	for _, e := range p.Errors {
		if e.Kind == packages.ListError && len(p.GoFiles) == 0 {
			return true
		}
	}
	return false
}

// parseDeclarations parses a file with its comments and drops the bodies
// of its functions.
func parseDeclarations(fset *token.FileSet, name string, src []byte) (*ast.File, error) {
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if f != nil {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				fd.Body = nil
			}
		}
	}
	return f, err
}

// firstHardError returns the first error of p that dropping function
// bodies does not explain.
func firstHardError(p *packages.Package) error {
	for _, e := range p.Errors {
		m := e.Msg
		if strings.Contains(m, "imported and not used") || strings.Contains(m, "imported as") && strings.Contains(m, "not used") ||
			strings.Contains(m, "missing function body") || strings.Contains(m, "must have a body") {
			continue
		}
		return e
	}
	return nil
}

// skippedDirs are path elements of packages that are not part of a
// module's public API for operators.
var skippedDirs = map[string]bool{
	"internal": true, "testdata": true, "examples": true, "example": true, "hack": true,
	"third_party": true, "testapigroup": true, "test": true,
}

// Public reports whether the package at path, named name, is part of the
// exported API the table covers: no internal, testdata, example or hack
// directory, no command.
func Public(path, name string) bool {
	if name == "main" || strings.HasSuffix(name, "_test") {
		return false
	}
	for _, e := range strings.Split(path, "/") {
		if skippedDirs[e] {
			return false
		}
	}
	return true
}
