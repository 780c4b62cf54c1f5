package apimigration

import (
	"fmt"
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/apimigration"
)

// reportChange reports the use node of the object called name, broken by
// row in span s, once per node.
func (c *checker) reportChange(node ast.Node, name string, s span, row apimigration.Change, fix *analysis.SuggestedFix) {
	if c.reported[node] {
		return
	}
	c.reported[node] = true
	advice := c.advice(row, s)
	var what string
	switch row.Kind {
	case apimigration.Removed:
		what = fmt.Sprintf("%s was removed in %s (%s), so this does not compile at the target", name, s.release(row.Minor), s.context())
	case apimigration.ValueChanged:
		what = fmt.Sprintf("%s changed its value to %s in %s (%s), so code that relies on the old value misbehaves", name, row.New, s.release(row.Minor), s.context())
	default:
		what = fmt.Sprintf("%s %s in %s to %s (%s), so this does not compile at the target", name, changedWhat(row.What), s.release(row.Minor), row.New, s.context())
	}
	d := analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Message: what + "; " + advice}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	c.rep.Report(d)
}

// changedWhat says what a change of an object of kind w changed.
func changedWhat(w apimigration.What) string {
	switch w {
	case apimigration.Func, apimigration.Method:
		return "changed its signature"
	case apimigration.Field, apimigration.Var, apimigration.Const:
		return "changed its type"
	}
	return "changed its definition"
}

// advice is what to write instead: the curated note, else the advice of
// the object's deprecation, else a pointer to the release.
func (c *checker) advice(row apimigration.Change, s span) string {
	if n, ok := apimigration.NoteFor(row.Pkg, row.Object, row.Minor, s.to); ok {
		return n.Advice
	}
	if row.Kind == apimigration.Removed {
		if d, ok := apimigration.DeprecationOf(row.Pkg, row.Object); ok && d.Advice != "" {
			return "its deprecation (" + s.release(d.Minor) + ") said: " + sentence(d.Advice)
		}
		return "use its replacement (see the release notes of " + s.release(row.Minor) + ")"
	}
	switch row.Kind {
	case apimigration.ValueChanged:
		return "check the code that compares or stores it"
	case apimigration.MethodAdded:
		return "add the method"
	}
	return "adapt this use to the new " + strings.TrimPrefix(changedWhat(row.What), "changed its ")
}

// sentence trims a deprecation's advice to a clause: no final period.
func sentence(s string) string {
	return strings.TrimRight(strings.TrimSpace(s), ".")
}

// reportDeprecation reports a use of a deprecated object.
func (c *checker) reportDeprecation(node ast.Node, name string, s span, d apimigration.Deprecation, rows []apimigration.Change) {
	if c.reported[node] {
		return
	}
	c.reported[node] = true
	since := "since " + s.release(d.Minor)
	if d.Minor <= s.from {
		since = "since " + s.release(d.Minor) + ", before go.mod's release"
	}
	later := "so a later release can remove it"
	for _, r := range rows {
		if r.Kind == apimigration.Removed && r.Minor > s.to {
			later = "so " + s.release(r.Minor) + " removes it"
			break
		}
	}
	advice := sentence(d.Advice)
	if n, ok := apimigration.NoteFor(d.Pkg, d.Object, d.Minor, s.to); ok {
		advice = n.Advice
	}
	if advice == "" {
		advice = "use its replacement"
	}
	c.rep.Report(analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Message: fmt.Sprintf(
		"%s is deprecated %s (%s), %s; %s", name, since, s.context(), later, advice)})
}
