package report

// Suppression: the //opvet:ignore directives and the generated files of a
// package, indexed once per package by the Suppressions pass so that every
// check drops the diagnostics a user suppressed, in every driver (opvet,
// go vet -vettool, golangci-lint).
//
// A directive has the form
//
//	//opvet:ignore <check>[,<check>...] <reason>
//
// and applies to a diagnostic on its own line or on the line below it.
// The reason is required. Malformed directives are recorded in the index
// and reported by the ignoredirective check. The pass never reports.

import (
	"go/ast"
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// IgnorePrefix starts every opvet directive.
const IgnorePrefix = "//opvet:ignore"

// Suppressions builds the *Index of a package. Every check requires it
// (NewAnalyzer adds it), and Reporter consults it.
var Suppressions = &analysis.Analyzer{
	Name:             "opvetignore",
	Doc:              "index //opvet:ignore directives and generated files (helper, never reports)",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Index](),
}

// Directive is one //opvet:ignore comment.
type Directive struct {
	Pos    token.Pos // start of the comment
	File   string    // file name
	Line   int       // line of the comment
	Checks []string  // the checks it suppresses
	Reason string
	// Problem is non-empty when the directive is malformed; it then
	// suppresses nothing.
	Problem string
}

// Index answers whether a diagnostic is suppressed. Every check of a
// package reads the same Index concurrently: it is immutable once Run
// returns, and readers must not modify Directives.
type Index struct {
	fset       *token.FileSet
	generated  map[string]bool                 // file name -> generated
	byLine     map[string]map[int][]*Directive // file name -> line -> directives
	Directives []*Directive                    // all directives, in source order
}

func run(pass *analysis.Pass) (any, error) {
	idx := &Index{
		fset:      pass.Fset,
		generated: map[string]bool{},
		byLine:    map[string]map[int][]*Directive{},
	}
	for _, f := range pass.Files {
		name := pass.Fset.File(f.Pos()).Name()
		if ast.IsGenerated(f) {
			idx.generated[name] = true
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if d := parse(pass.Fset, c); d != nil {
					idx.add(d)
				}
			}
		}
	}
	return idx, nil
}

func (idx *Index) add(d *Directive) {
	idx.Directives = append(idx.Directives, d)
	if d.Problem != "" {
		return
	}
	lines := idx.byLine[d.File]
	if lines == nil {
		lines = map[int][]*Directive{}
		idx.byLine[d.File] = lines
	}
	lines[d.Line] = append(lines[d.Line], d)
}

// parse returns the directive in c, or nil if c is not one.
func parse(fset *token.FileSet, c *ast.Comment) *Directive {
	rest, ok := strings.CutPrefix(c.Text, IgnorePrefix)
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return nil
	}
	p := fset.Position(c.Pos())
	d := &Directive{Pos: c.Pos(), File: p.Filename, Line: p.Line}
	ParseArgs(d, rest)
	return d
}

// ParseArgs fills d.Checks, d.Reason and d.Problem from the text that
// follows the directive's prefix. It is exported for go.mod comments,
// which checks that read go.mod parse themselves.
func ParseArgs(d *Directive, rest string) {
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		d.Problem = "names no check; write //opvet:ignore <check> <reason>"
		return
	}
	for _, name := range strings.Split(fields[0], ",") {
		if name == "" {
			d.Problem = "has an empty check name in " + fields[0]
			return
		}
		d.Checks = append(d.Checks, name)
	}
	if len(fields) == 1 {
		d.Problem = "gives no reason; write //opvet:ignore " + fields[0] + " <why this finding is wrong or accepted>"
		return
	}
	d.Reason = strings.Join(fields[1:], " ")
}

// Suppressed reports whether a diagnostic of check at pos must be dropped:
// it lies in a generated file, or a directive for check stands on its line
// or on the line above.
func (idx *Index) Suppressed(pos token.Pos, check string) bool {
	if idx == nil || !pos.IsValid() {
		return false
	}
	p := idx.fset.Position(pos)
	if idx.generated[p.Filename] {
		return true
	}
	return idx.SuppressedAt(p.Filename, p.Line, check)
}

// SuppressedAt is Suppressed for a file name and line, for positions in
// files that are not Go files of the package (go.mod).
func (idx *Index) SuppressedAt(file string, line int, check string) bool {
	if idx == nil {
		return false
	}
	lines := idx.byLine[file]
	for _, l := range []int{line, line - 1} {
		for _, d := range lines[l] {
			for _, c := range d.Checks {
				if c == check {
					return true
				}
			}
		}
	}
	return false
}
