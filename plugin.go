// Package opvet registers opvet as a golangci-lint v2 module plugin.
//
// Settings (under linters.settings.custom.opvet.settings) are decoded
// strictly: an unknown key is an error that names it. They are
//
//	disable: [check, ...]   # checks to leave out (default: none)
//	enable:  [check, ...]   # opt-in checks to add (SA5005)
//	<check>: {option: value, ...}   # a check's options, as in `opvet help <check>`
//
// golangci-lint lowercases keys, so check names and options match without
// regard to case. Options of a disabled check are still validated.
package opvet

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/analyzers"
)

func init() {
	register.Plugin("opvet", New)
}

// Plugin is opvet's golangci-lint plugin.
type Plugin struct {
	analyzers []*analysis.Analyzer
}

// New builds the plugin from its settings.
func New(settings any) (register.LinterPlugin, error) {
	as, err := Build(settings)
	if err != nil {
		return nil, fmt.Errorf("opvet: %w", err)
	}
	return &Plugin{analyzers: forGolangci(as)}, nil
}

// BuildAnalyzers returns the selected, configured checks.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks golangci-lint for full type information.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// Build returns the analyzers that settings select, configured
// (analyzers.FromSettings).
func Build(settings any) ([]*analysis.Analyzer, error) { return analyzers.FromSettings(settings) }
