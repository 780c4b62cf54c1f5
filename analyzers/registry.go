// Package analyzers is opvet's registry: the ordered list of its checks,
// whether each is on by default, and how to build each from settings.
// Every driver (cmd/opvet, go vet -vettool, the golangci-lint plugin) takes
// its checks from here.
package analyzers

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"honnef.co/go/tools/staticcheck/sa5005"

	"github.com/opvet/opvet/analyzers/crdversions"
	"github.com/opvet/opvet/analyzers/finalizers"
	"github.com/opvet/opvet/analyzers/ignoredirective"
	"github.com/opvet/opvet/analyzers/markers"
	"github.com/opvet/opvet/analyzers/mergefrom"
	"github.com/opvet/opvet/analyzers/resourceversion"
	"github.com/opvet/opvet/analyzers/setfinalizer"
	"github.com/opvet/opvet/analyzers/statusupdate"
	"github.com/opvet/opvet/analyzers/versionskew"
	"github.com/opvet/opvet/internal/config"
)

// Check is one entry of the registry.
type Check struct {
	// Analyzer is the check with its default configuration; its flags
	// configure it on the command line.
	Analyzer *analysis.Analyzer
	// Enabled tells whether the check runs when nothing selects it.
	Enabled bool
	// Autofix tells whether the check offers suggested fixes.
	Autofix bool
	// External marks checks that opvet ships but did not write (SA5005).
	External bool
	// FromSettings builds the check from golangci-lint settings (a map
	// with lowercased keys), decoded strictly over the defaults. Nil
	// means the check takes no settings.
	FromSettings func(raw any) (*analysis.Analyzer, error)
}

// Name is the check's name.
func (c Check) Name() string { return c.Analyzer.Name }

// configurable adapts a check package's New and DefaultConfig to
// Check.FromSettings.
func configurable[C any](name string, def func() C, build func(C) *analysis.Analyzer) func(any) (*analysis.Analyzer, error) {
	return func(raw any) (*analysis.Analyzer, error) {
		cfg := def()
		if err := config.DecodeStrict(name, raw, &cfg); err != nil {
			return nil, err
		}
		// Reject bad values when golangci-lint builds the plugin, not
		// later when the check first runs.
		if v, ok := any(cfg).(interface{ Validate() error }); ok {
			if err := v.Validate(); err != nil {
				return nil, fmt.Errorf("settings: %w", err)
			}
		}
		return build(cfg), nil
	}
}

// Checks returns the registry in its fixed order.
func Checks() []Check {
	return []Check{
		{Analyzer: setfinalizer.Analyzer, Enabled: true, Autofix: false,
			FromSettings: configurable(setfinalizer.Name, setfinalizer.DefaultConfig, setfinalizer.New)},
		{Analyzer: statusupdate.Analyzer, Enabled: true, Autofix: true,
			FromSettings: configurable(statusupdate.Name, statusupdate.DefaultConfig, statusupdate.New)},
		{Analyzer: resourceversion.Analyzer, Enabled: true,
			FromSettings: configurable(resourceversion.Name, resourceversion.DefaultConfig, resourceversion.New)},
		{Analyzer: mergefrom.Analyzer, Enabled: true, Autofix: true,
			FromSettings: configurable(mergefrom.Name, mergefrom.DefaultConfig, mergefrom.New)},
		{Analyzer: finalizers.Analyzer, Enabled: true,
			FromSettings: configurable(finalizers.Name, finalizers.DefaultConfig, finalizers.New)},
		{Analyzer: versionskew.Analyzer, Enabled: true, Autofix: true,
			FromSettings: configurable(versionskew.Name, versionskew.DefaultConfig, versionskew.New)},
		{Analyzer: markers.Analyzer, Enabled: true, Autofix: true,
			FromSettings: configurable(markers.Name, markers.DefaultConfig, markers.New)},
		{Analyzer: crdversions.Analyzer, Enabled: true, Autofix: true,
			FromSettings: configurable(crdversions.Name, crdversions.DefaultConfig, crdversions.New)},
		{Analyzer: ignoredirective.Analyzer, Enabled: true,
			FromSettings: configurable(ignoredirective.Name, ignoredirective.DefaultConfig, ignoredirective.New)},
		// staticcheck's SA5005 needs its IR pass and facts for every
		// dependency, which makes the standalone driver load all
		// dependencies from source: opt-in only.
		{Analyzer: sa5005.SCAnalyzer.Analyzer, Enabled: false, External: true},
	}
}

// Lookup returns the check named name.
func Lookup(name string) (Check, bool) {
	for _, c := range Checks() {
		if c.Name() == name {
			return c, true
		}
	}
	return Check{}, false
}

// Names returns the names of all checks, sorted, for error messages.
func Names() []string {
	var names []string
	for _, c := range Checks() {
		names = append(names, c.Name())
	}
	sort.Strings(names)
	return names
}

// UnknownCheckError is returned for a check name that is not registered.
func UnknownCheckError(name string) error {
	return fmt.Errorf("unknown check %q (known: %s)", name, strings.Join(Names(), ", "))
}
