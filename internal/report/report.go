// Package report is the one way checks emit diagnostics. It gives every
// diagnostic the check's category, the "<check>: " message prefix and the
// check's documentation URL, and drops diagnostics that are suppressed by
// //opvet:ignore or that lie in generated files.
package report

import (
	"fmt"
	"go/token"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/docs"
)

// NewAnalyzer returns the skeleton every check starts from: its name, the
// "# Analyzer <name>" section of its doc.go (docGo) as Doc, its README
// section as URL, and Suppressions (which Reporter needs) followed by
// requires. The check adds Run, flags and RunDespiteErrors.
func NewAnalyzer(name, docGo string, requires ...*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      docs.MustExtract(docGo, name),
		URL:      DocURL(name),
		Requires: append([]*analysis.Analyzer{Suppressions}, requires...),
	}
}

// DocURL is the documentation address of a check: its README section.
func DocURL(check string) string {
	return "https://github.com/opvet/opvet#" + strings.ToLower(check)
}

// Reporter reports the diagnostics of one check in one pass. The check's
// analyzer must list Suppressions in its Requires.
type Reporter struct {
	pass  *analysis.Pass
	check string
	index *Index
	notes *Notes

	mu   sync.Mutex
	seen map[reported]bool
}

// reported identifies a diagnostic: a check may meet the same site twice
// (in a function of its own and where a helper runs it inline as a bound
// callback, internal/objflow), and reports it once.
type reported struct {
	pos, end token.Pos
	msg      string
}

// first reports whether d was not reported before, and remembers it.
func (r *Reporter) first(d analysis.Diagnostic) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := reported{d.Pos, d.End, d.Message}
	if r.seen[k] {
		return false
	}
	if r.seen == nil {
		r.seen = map[reported]bool{}
	}
	r.seen[k] = true
	return true
}

// Notes are what a check says about a run besides its findings, such as
// why it compared nothing: the result of every check's analyzer. The
// opvet command prints each distinct note once per run; drivers that do
// not read analyzer results (go vet, golangci-lint) drop them.
type Notes struct{ list []string }

// NoteList returns the notes, each with the check's "<check>: " prefix.
func (n *Notes) NoteList() []string {
	if n == nil {
		return nil
	}
	return n.list
}

// Note records a note for the run (never a finding).
func (r *Reporter) Note(format string, args ...any) {
	if r.notes == nil {
		r.notes = &Notes{}
	}
	r.notes.list = append(r.notes.list, r.check+": "+fmt.Sprintf(format, args...))
}

// Notes returns the pass's notes, nil when there are none.
func (r *Reporter) Notes() *Notes { return r.notes }

// New returns the Reporter of check for pass.
func New(pass *analysis.Pass, check string) *Reporter {
	idx, _ := pass.ResultOf[Suppressions].(*Index)
	return &Reporter{pass: pass, check: check, index: idx}
}

// Index is the pass's directive index (for checks that also report in
// files other than Go files).
func (r *Reporter) Index() *Index { return r.index }

// Report reports d unless it is suppressed. d.Message must not carry the
// check prefix; Report adds it.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if r.index.Suppressed(d.Pos, r.check) || !r.first(d) {
		return
	}
	r.pass.Report(r.decorate(d))
}

// ReportUnfiltered reports d after decoration only; for positions outside
// the package's Go files, whose suppression the caller decided.
func (r *Reporter) ReportUnfiltered(d analysis.Diagnostic) {
	if !r.first(d) {
		return
	}
	r.pass.Report(r.decorate(d))
}

func (r *Reporter) decorate(d analysis.Diagnostic) analysis.Diagnostic {
	d.Category = r.check
	d.Message = r.check + ": " + d.Message
	if d.URL == "" {
		d.URL = DocURL(r.check)
	}
	return d
}

// Reportf reports a diagnostic without fixes at rng.
func (r *Reporter) Reportf(rng analysis.Range, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: rng.Pos(), End: rng.End(), Message: fmt.Sprintf(format, args...)})
}
