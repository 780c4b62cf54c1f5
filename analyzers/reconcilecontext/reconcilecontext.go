package reconcilecontext

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
const Name = "reconcilecontext"

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
