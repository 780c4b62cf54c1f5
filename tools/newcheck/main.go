// Command newcheck scaffolds a new opvet check: its package under
// analyzers/<name> (doc.go, the check, its test and a fixture) and its
// entry in the registry. Everything compiles, and the check's test fails
// until the check reports the fixture's bad case; the README test fails
// until `go generate ./analyzers` writes the check's section.
//
//	go -C tools run ./newcheck <name>
package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"text/template"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go -C tools run ./newcheck <name>   (a lowercase Go identifier)")
		os.Exit(2)
	}
	if err := scaffold(repoRoot(), os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "newcheck:", err)
		os.Exit(1)
	}
}

// repoRoot is the parent of the tools module's directory (the command
// runs with -C tools).
func repoRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return ".."
	}
	if filepath.Base(wd) == "tools" {
		return filepath.Dir(wd)
	}
	return wd
}

var validName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// scaffold writes the check's files under root and registers it.
func scaffold(root, name string) error {
	if !validName.MatchString(name) {
		return fmt.Errorf("%q is not a lowercase Go identifier", name)
	}
	dir := filepath.Join(root, "analyzers", name)
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("%s already exists", dir)
	}
	files := map[string]string{
		"doc.go":          docTemplate,
		name + ".go":      checkTemplate,
		name + "_test.go": testTemplate,
		filepath.Join("testdata", "src", name, "a", "a.go"): fixtureTemplate,
	}
	for rel, text := range files {
		if err := write(filepath.Join(dir, rel), text, name); err != nil {
			return err
		}
	}
	if err := register(filepath.Join(root, "analyzers", "registry.go"), name); err != nil {
		return err
	}
	fmt.Printf(`created analyzers/%[1]s and registered it in analyzers/registry.go. Next:
  1. write the check's documentation in analyzers/%[1]s/doc.go (summary line, what breaks, Bad and Good);
  2. write bad cases with // want and quiet near-misses in analyzers/%[1]s/testdata/src/%[1]s/;
  3. write the check in analyzers/%[1]s/%[1]s.go until go test ./analyzers/%[1]s passes;
  4. go generate ./analyzers (the README's table and section), then go test ./...
`, name)
	return nil
}

func write(path, text, name string) error {
	var b bytes.Buffer
	t := template.Must(template.New("").Parse(text))
	if err := t.Execute(&b, struct{ Name string }{name}); err != nil {
		return err
	}
	out := b.Bytes()
	if strings.HasSuffix(path, ".go") && !strings.Contains(path, "testdata") {
		formatted, err := format.Source(out)
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		out = formatted
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}

// register adds the check's import and its entry (before the entries of
// external checks) to the registry.
func register(path, name string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	src := string(data)
	imp := "\t\"github.com/opvet/opvet/analyzers/" + name + "\"\n"
	anchor := "\t\"github.com/opvet/opvet/internal/check\"\n"
	entryAnchor := "\t// staticcheck's SA5005"
	if !strings.Contains(src, anchor) || !strings.Contains(src, entryAnchor) {
		return errors.New("registry.go has changed shape: add the import and the entry by hand")
	}
	src = strings.Replace(src, anchor, imp+anchor, 1)
	src = strings.Replace(src, entryAnchor, "\t"+name+".Check,\n"+entryAnchor, 1)
	out, err := format.Source([]byte(src))
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}

const docTemplate = `// Package {{.Name}} defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer {{.Name}}
//
// {{.Name}}: report TODO (one line: what is reported)
//
// TODO: what breaks at run time, in the operator's own terms, and when the
// check reports it.
//
// Bad:
//
//	TODO
//
// Good:
//
//	TODO
//
// Not reported: TODO (the near-misses that stay quiet).
package {{.Name}}
`

const checkTemplate = `package {{.Name}}

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/report"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "{{.Name}}"

// Config is the check's configuration: one field per option, each with a
// json key (the setting key and flag name) and a help tag.
type Config struct{}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:    Name,
	DocGo:   doc,
	Default: DefaultConfig,
	Enabled: true,
	Run:     run,
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
	// TODO: find the bug; rep.Report(analysis.Diagnostic{...}) with a
	// message that says what breaks at run time and what to write instead.
	return nil
}
`

const testTemplate = `package {{.Name}}_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/{{.Name}}"
	"github.com/opvet/opvet/internal/testroot"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), {{.Name}}.Analyzer, "{{.Name}}/a")
}
`

const fixtureTemplate = `package a

// Bad cases carry // want with a regular expression of the message;
// near-misses beside them carry none.

func bad() {
	_ = 0 // want "{{.Name}}: TODO"
}
`
