package opvet

import (
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
)

func analyzerNames(as []*analysis.Analyzer) []string {
	var names []string
	for _, a := range as {
		names = append(names, a.Name)
	}
	return names
}

// yamlList is how golangci-lint hands over a YAML list.
func yamlList(items ...string) []any {
	var out []any
	for _, s := range items {
		out = append(out, s)
	}
	return out
}

func TestBuildDefaults(t *testing.T) {
	for _, settings := range []any{nil, map[string]any{}} {
		as, err := Build(settings)
		if err != nil {
			t.Fatal(err)
		}
		names := analyzerNames(as)
		if !slices.Contains(names, "setfinalizer") || !slices.Contains(names, "ignoredirective") {
			t.Errorf("Build(%v) = %v, want the default checks", settings, names)
		}
		if slices.Contains(names, "SA5005") {
			t.Errorf("Build(%v) enabled the opt-in SA5005", settings)
		}
	}
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name     string
		settings any
		want     []string // substrings of the error
	}{
		{"unknown top-level key", map[string]any{"disabel": yamlList("finalizers")}, []string{`unknown setting "disabel"`}},
		{"unknown option of a check", map[string]any{"versionskew": map[string]any{"allowed-skew": 1}}, []string{"versionskew", `"allowed-skew"`}},
		{"unknown option of a disabled check", map[string]any{"disable": yamlList("versionskew"), "versionskew": map[string]any{"allowed-skew": 1}}, []string{`"allowed-skew"`}},
		{"unknown check in disable", map[string]any{"disable": yamlList("finalizer")}, []string{`unknown check "finalizer"`, "finalizers"}},
		{"unknown check in enable", map[string]any{"enable": yamlList("SA9999")}, []string{`unknown check "SA9999"`}},
		{"disable not a list", map[string]any{"disable": "finalizers"}, []string{`"disable" must be a list`}},
		{"option of the wrong type", map[string]any{"versionskew": map[string]any{"allowed-minor-skew": "one"}}, []string{"versionskew"}},
		{"settings for a check without settings", map[string]any{"sa5005": map[string]any{"x": 1}}, []string{"SA5005 takes no settings"}},
		{"settings not a map", []any{"x"}, []string{"must be a map"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.settings)
			if err == nil {
				t.Fatalf("New(%v) succeeded", tt.settings)
			}
			for _, w := range append(tt.want, "opvet: ") {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// TestBuildCaseInsensitive: golangci-lint lowercases every key, including
// check names in maps; names in lists keep the user's case.
func TestBuildCaseInsensitive(t *testing.T) {
	for _, settings := range []map[string]any{
		{"disable": yamlList("finalizers"), "enable": yamlList("sa5005"), "versionskew": map[string]any{"allowed-minor-skew": 2}},
		{"Disable": yamlList("Finalizers"), "ENABLE": yamlList("SA5005"), "VersionSkew": map[string]any{"Allowed-Minor-Skew": 2}},
	} {
		as, err := Build(settings)
		if err != nil {
			t.Fatalf("Build(%v): %v", settings, err)
		}
		names := analyzerNames(as)
		if slices.Contains(names, "finalizers") || !slices.Contains(names, "SA5005") {
			t.Errorf("Build(%v) = %v", settings, names)
		}
		for _, a := range as {
			if a.Name != "versionskew" {
				continue
			}
			if f := a.Flags.Lookup("allowed-minor-skew"); f == nil || f.Value.String() != "2" {
				t.Errorf("Build(%v): versionskew's allowed-minor-skew not set to 2: %v", settings, f)
			}
		}
	}
}

// TestBuildDisabledCheckConfig: the options of a disabled check are
// accepted (a shared config may disable a check locally).
func TestBuildDisabledCheckConfig(t *testing.T) {
	as, err := Build(map[string]any{
		"disable":     yamlList("versionskew"),
		"versionskew": map[string]any{"allowed-minor-skew": 0, "ignore": yamlList("k8s.io/utils")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(analyzerNames(as), "versionskew") {
		t.Error("versionskew is disabled but was built")
	}
}

// TestBuildConfiguredAnalyzersAreFresh: the settings of one Build do not
// leak into the next (no shared analyzer is configured in place).
func TestBuildConfiguredAnalyzersAreFresh(t *testing.T) {
	skew := func(as []*analysis.Analyzer) string {
		for _, a := range as {
			if a.Name == "versionskew" {
				return a.Flags.Lookup("allowed-minor-skew").Value.String()
			}
		}
		return "missing"
	}
	as, err := Build(map[string]any{"versionskew": map[string]any{"allowed-minor-skew": 3}})
	if err != nil {
		t.Fatal(err)
	}
	again, err := Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	if skew(as) != "3" || skew(again) != "0" {
		t.Errorf("allowed-minor-skew: configured %s, then default %s; want 3, then 0", skew(as), skew(again))
	}
}

func TestPlugin(t *testing.T) {
	p, err := New(map[string]any{"enable": yamlList("SA5005")})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(analyzerNames(as), "SA5005") {
		t.Errorf("enable SA5005: got %v", analyzerNames(as))
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", p.GetLoadMode(), register.LoadModeTypesInfo)
	}
	if _, err := register.GetPlugin("opvet"); err != nil {
		t.Errorf("the plugin is not registered: %v", err)
	}
}
