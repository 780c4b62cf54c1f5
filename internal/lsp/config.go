package lsp

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/analyzers"
)

// golangciConfigs are the names of the golangci-lint configuration files
// the server reads, in golangci-lint's order (.golangci.json is YAML too;
// .golangci.toml is not read).
var golangciConfigs = []string{".golangci.yml", ".golangci.yaml", ".golangci.json"}

// checks returns the analyzers for the module at root, configured by the
// opvet settings of the module's .golangci.yml, else by the client's.
func (s *server) checks(root string) ([]*analysis.Analyzer, error) {
	if s.opts.checks != nil {
		return s.opts.checks, nil
	}
	settings, source, err := golangciSettings(root)
	if err != nil {
		return nil, &configError{err}
	}
	if source == "" {
		s.mu.Lock()
		settings, source = s.settings, "the editor's settings for opvet"
		s.mu.Unlock()
	}
	checks, err := analyzers.FromSettings(settings)
	if err != nil {
		return nil, &configError{fmt.Errorf("%s: %w", source, err)}
	}
	return checks, nil
}

// configError is settings that opvet cannot use: the server shows it to
// the user as well as logging it, since nothing is analysed until it is
// fixed.
type configError struct{ err error }

func (e *configError) Error() string { return e.err.Error() }
func (e *configError) Unwrap() error { return e.err }

// golangciSettings returns linters.settings.custom.opvet.settings of the
// configuration that golangci-lint would read for the module at root: the
// first file found in root or a parent directory. The source is "" when
// there is no such file or it has no opvet settings.
func golangciSettings(root string) (settings any, source string, err error) {
	name, ok := findConfig(root)
	if !ok {
		return nil, "", nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, "", err
	}
	var cfg struct {
		Linters struct {
			Settings struct {
				Custom map[string]struct {
					Settings any `yaml:"settings"`
				} `yaml:"custom"`
			} `yaml:"settings"`
		} `yaml:"linters"`
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		return nil, "", fmt.Errorf("%s: %v", name, firstLine(err))
	}
	opvet, ok := cfg.Linters.Settings.Custom["opvet"]
	if !ok || opvet.Settings == nil {
		return nil, "", nil
	}
	return opvet.Settings, name + " (linters.settings.custom.opvet.settings)", nil
}

// findConfig returns the golangci-lint configuration file of dir or of
// its closest parent that has one.
func findConfig(dir string) (string, bool) {
	for {
		for _, base := range golangciConfigs {
			name := filepath.Join(dir, base)
			if _, err := os.Stat(name); err == nil {
				return name, true
			} else if !errors.Is(err, os.ErrNotExist) {
				return "", false
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// clientSettings takes opvet's settings from what the client sends as
// initializationOptions or workspace/didChangeConfiguration settings: the
// settings map itself, or an object holding it under "opvet".
func clientSettings(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	for k, inner := range m {
		if strings.EqualFold(k, "opvet") {
			return inner
		}
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

func firstLine(err error) string {
	line, _, _ := strings.Cut(err.Error(), "\n")
	return line
}
