package ignoredirective

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/report"
)

//go:embed doc.go
var doc string

// Name is the check's name.
const Name = "ignoredirective"

// Config is the check's configuration (none yet).
type Config struct{}

// New returns the descriptor of the check that knows the check names
// known (the registry passes every name it holds): a directive naming
// any other check suppresses nothing and is reported.
func New(known []string) check.Descriptor {
	names := map[string]bool{}
	for _, n := range known {
		names[n] = true
	}
	return check.New(check.Spec[Config]{
		Name:    Name,
		DocGo:   doc,
		Default: func() Config { return Config{} },
		Enabled: true,
		// Directives are comments: they are checked in any package.
		RunDespiteErrors: true,
		Run: func(pass *analysis.Pass, r *report.Reporter, _ Config) error {
			for _, d := range r.Index().Directives {
				if problem := Problem(d, names); problem != "" {
					r.ReportUnfiltered(analysis.Diagnostic{
						Pos:     d.Pos,
						Message: "this //opvet:ignore directive " + problem + ", so it suppresses nothing",
					})
				}
			}
			return nil
		},
	})
}

// Problem returns what is wrong with d, given the known check names, or "".
func Problem(d *report.Directive, known map[string]bool) string {
	if d.Problem != "" {
		return d.Problem
	}
	for _, c := range d.Checks {
		if !known[c] {
			return "names unknown check " + `"` + c + `"` + "; run 'opvet help' for the list"
		}
	}
	return ""
}
