// Package docs extracts an analyzer's documentation from the package comment
// of its doc.go, so that the comment is the single source of Analyzer.Doc,
// `opvet help <check>` and the README's per-check text.
package docs

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtract returns the "# Analyzer <name>" section of the package comment
// in src (the text of a doc.go file). It panics if the section is missing:
// that is a programming error caught by every test of the check.
func MustExtract(src, name string) string {
	doc, err := Extract(src, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// Extract is MustExtract that returns an error instead of panicking.
func Extract(src, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("docs: parsing doc.go of %s: %w", name, err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("docs: doc.go of %s has no package comment", name)
	}
	return section(f.Doc, name)
}

func section(doc *ast.CommentGroup, name string) (string, error) {
	text := doc.Text()
	heading := "# Analyzer " + name
	_, rest, ok := strings.Cut(text, heading+"\n")
	if !ok {
		return "", fmt.Errorf("docs: package comment has no %q heading", heading)
	}
	// The section ends at the next top-level heading, if any.
	if i := strings.Index(rest, "\n# "); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimSpace(rest)
	// The section starts "name: summary" (as in golang.org/x/tools);
	// Analyzer.Doc starts with the summary, which `opvet help` lists.
	summary, ok := strings.CutPrefix(rest, name+": ")
	if !ok {
		return "", fmt.Errorf("docs: section %q must start with %q", heading, name+": ")
	}
	return summary, nil
}
