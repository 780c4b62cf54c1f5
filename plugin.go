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
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/check"
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

// Build returns the analyzers that settings select, configured.
func Build(settings any) ([]*analysis.Analyzer, error) {
	raw, err := asMap(settings)
	if err != nil {
		return nil, err
	}
	byName := map[string]check.Descriptor{}
	for _, c := range analyzers.Checks() {
		byName[strings.ToLower(c.Name())] = c
	}
	disabled, err := checkList(raw, "disable", byName)
	if err != nil {
		return nil, err
	}
	enabled, err := checkList(raw, "enable", byName)
	if err != nil {
		return nil, err
	}
	options := map[string]any{}
	for key, value := range raw {
		key = strings.ToLower(key)
		if key == "disable" || key == "enable" {
			continue
		}
		if _, ok := byName[key]; !ok {
			return nil, fmt.Errorf("unknown setting %q: expected disable, enable or a check name (%s)", key, strings.Join(analyzers.Names(), ", "))
		}
		options[key] = value
	}
	var out []*analysis.Analyzer
	for _, c := range analyzers.Checks() {
		key := strings.ToLower(c.Name())
		a, err := c.FromSettings(options[key])
		if err != nil {
			return nil, err
		}
		if disabled[key] || (!c.Enabled() && !enabled[key]) {
			continue
		}
		out = append(out, a)
	}
	return out, nil
}

func asMap(settings any) (map[string]any, error) {
	switch s := settings.(type) {
	case nil:
		return map[string]any{}, nil
	case map[string]any:
		return s, nil
	default:
		return nil, fmt.Errorf("settings must be a map, got %T", settings)
	}
}

// checkList reads a list of check names under key.
func checkList(raw map[string]any, key string, known map[string]check.Descriptor) (map[string]bool, error) {
	out := map[string]bool{}
	var value any
	for k, v := range raw {
		if strings.ToLower(k) == key {
			value = v
		}
	}
	if value == nil {
		return out, nil
	}
	list, ok := value.([]any)
	if !ok {
		return nil, fmt.Errorf("setting %q must be a list of check names", key)
	}
	for _, item := range list {
		name, ok := item.(string)
		if !ok {
			return nil, fmt.Errorf("setting %q: %v is not a check name", key, item)
		}
		if _, ok := known[strings.ToLower(name)]; !ok {
			return nil, fmt.Errorf("setting %q: %w", key, analyzers.UnknownCheckError(name))
		}
		out[strings.ToLower(name)] = true
	}
	return out, nil
}
