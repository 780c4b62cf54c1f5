package webhookconfig

import (
	_ "embed"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/passes/markerindex"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "webhookconfig"

// Config is the check's configuration; the check has no options.
type Config struct{}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Autofix:  true,
	Requires: []*analysis.Analyzer{markerindex.Analyzer},
	// Markers and //go:generate directives need no types; Go values are
	// skipped where the types are missing.
	RunDespiteErrors: true,
	Run:              run,
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

type checker struct {
	pass   *analysis.Pass
	rep    *report.Reporter
	bodies map[*ast.BlockStmt]*bodyIndex
}

func run(pass *analysis.Pass, rep *report.Reporter, _ Config) error {
	c := &checker{pass: pass, rep: rep, bodies: map[*ast.BlockStmt]*bodyIndex{}}
	if idx, _ := pass.ResultOf[markerindex.Analyzer].(*markerindex.Index); idx != nil {
		for _, m := range idx.All {
			// controller-gen loads packages without their tests.
			if m.Registered == "kubebuilder:webhook" && !c.isTest(m.Pos) {
				c.marker(m)
			}
		}
	}
	// Webhook values need their types, and can only be built in a
	// package that imports them.
	values := pass.TypesInfo != nil && k8s.Imports(pass.Pkg, admissionV1, apiextensionV1)
	for _, f := range pass.Files {
		c.directives(f)
		if values && !c.isTest(f.FileStart) {
			c.values(f)
		}
	}
	return nil
}

// isTest reports whether pos is in a test file.
func (c *checker) isTest(pos token.Pos) bool {
	return astx.InTestFile(c.pass.Fset, pos)
}
