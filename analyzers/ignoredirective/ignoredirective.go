package ignoredirective

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/checknames"
	"github.com/opvet/opvet/internal/report"
)

//go:embed doc.go
var doc string

// Name is the check's name.
const Name = "ignoredirective"

// Config is the check's configuration (none yet).
type Config struct{}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Analyzer is the check with its default configuration.
var Analyzer = New(DefaultConfig())

// New returns the check configured by cfg.
func New(cfg Config) *analysis.Analyzer {
	a := report.NewAnalyzer(Name, doc)
	a.RunDespiteErrors = true
	a.Run = run
	return a
}

func run(pass *analysis.Pass) (any, error) {
	r := report.New(pass, Name)
	idx := r.Index()
	for _, d := range idx.Directives {
		if problem := Problem(d); problem != "" {
			r.ReportUnfiltered(analysis.Diagnostic{
				Pos:     d.Pos,
				Message: "this //opvet:ignore directive " + problem + ", so it suppresses nothing",
			})
		}
	}
	return nil, nil
}

// Problem returns what is wrong with d, or "".
func Problem(d *report.Directive) string {
	if d.Problem != "" {
		return d.Problem
	}
	for _, c := range d.Checks {
		if !checknames.Known(c) {
			return "names unknown check " + `"` + c + `"` + "; run 'opvet help' for the list"
		}
	}
	return ""
}
