package mergefrom

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/docs"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/passes/ignore"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "mergefrom"

// Config is the check's configuration.
type Config struct{}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Analyzer is the check with its default configuration.
var Analyzer = New(DefaultConfig())

// New returns the check configured by cfg.
func New(cfg Config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     Name,
		Doc:      docs.MustExtract(doc, Name),
		URL:      report.DocURL(Name),
		Requires: []*analysis.Analyzer{ignore.Analyzer},
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		_ = report.New(pass, Name)
		return nil, nil
	}
	return a
}
