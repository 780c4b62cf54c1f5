package analyzers

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
)

// FromSettings returns the checks that settings select, configured: the
// golangci-lint plugin's settings (linters.settings.custom.opvet.settings),
// which the language server also reads from a module's .golangci.yml or
// from the editor. They are decoded strictly: an unknown key is an error
// that names it. They are
//
//	disable: [check, ...]   # checks to leave out (default: none)
//	enable:  [check, ...]   # opt-in checks to add (SA5005)
//	<check>: {option: value, ...}   # a check's options, as in `opvet help <check>`
//
// Keys match without regard to case (golangci-lint lowercases them).
// Options of a disabled check are still validated.
func FromSettings(settings any) ([]*analysis.Analyzer, error) {
	raw, err := asMap(settings)
	if err != nil {
		return nil, err
	}
	byName := map[string]check.Descriptor{}
	for _, c := range Checks() {
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
			return nil, fmt.Errorf("unknown setting %q: expected disable, enable or a check name (%s)", key, strings.Join(Names(), ", "))
		}
		options[key] = value
	}
	var out []*analysis.Analyzer
	for _, c := range Checks() {
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
			return nil, fmt.Errorf("setting %q: %w", key, UnknownCheckError(name))
		}
		out[strings.ToLower(name)] = true
	}
	return out, nil
}
