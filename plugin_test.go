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

// TestForGolangciDropsPrefix: golangci-lint puts "<analyzer>: " before the
// messages of a plugin's analyzers, so the plugin drops opvet's own; and
// it reports related places as issues of their own, so the plugin drops
// them.
func TestForGolangciDropsPrefix(t *testing.T) {
	orig := &analysis.Analyzer{Name: "demo", Doc: "demo", Run: func(pass *analysis.Pass) (any, error) {
		pass.Report(analysis.Diagnostic{Message: "demo: something breaks", Related: []analysis.RelatedInformation{{Message: "here"}}})
		pass.Reportf(0, "other: kept")
		return "result", nil
	}}
	wrapped := forGolangci([]*analysis.Analyzer{orig})[0]
	var got []string
	pass := &analysis.Pass{Analyzer: wrapped, Report: func(d analysis.Diagnostic) {
		got = append(got, d.Message)
		if len(d.Related) > 0 {
			t.Errorf("%q keeps its related places %v", d.Message, d.Related)
		}
	}}
	res, err := wrapped.Run(pass)
	if err != nil || res != "result" {
		t.Fatalf("Run = %v, %v", res, err)
	}
	if want := []string{"something breaks", "other: kept"}; !slices.Equal(got, want) {
		t.Errorf("messages %q, want %q", got, want)
	}
	if wrapped == orig || wrapped.Name != orig.Name {
		t.Error("the check must be copied under its own name")
	}
}

// TestNoCheckRequiresAnother: forGolangci copies the checks, which is only
// sound while no analyzer requires a check.
func TestNoCheckRequiresAnother(t *testing.T) {
	as, err := Build(map[string]any{"enable": yamlList("SA5005")})
	if err != nil {
		t.Fatal(err)
	}
	checks := map[*analysis.Analyzer]bool{}
	for _, a := range as {
		checks[a] = true
	}
	seen := map[*analysis.Analyzer]bool{}
	var walk func(a *analysis.Analyzer)
	walk = func(a *analysis.Analyzer) {
		for _, r := range a.Requires {
			if checks[r] {
				t.Errorf("%s requires the check %s", a.Name, r.Name)
			}
			if !seen[r] {
				seen[r] = true
				walk(r)
			}
		}
	}
	for _, a := range as {
		walk(a)
	}
}
