package analyzers

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/check"
)

// TestEveryCheckPackageIsRegistered fails when a directory under analyzers/
// is not in the registry.
func TestEveryCheckPackageIsRegistered(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "testdata" {
			continue
		}
		if _, ok := Lookup(e.Name()); !ok {
			t.Errorf("analyzers/%s is not in the registry (analyzers.Checks)", e.Name())
		}
	}
}

// TestREADMEIsGenerated fails when the README's table of checks or a
// check's section differs from what `go generate ./analyzers` writes from
// the registry and the checks' doc.go.
func TestREADMEIsGenerated(t *testing.T) {
	old, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want, err := README(old)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(old, want) {
		t.Error("README.md is stale: run go generate ./analyzers")
	}
}

func TestAnalyzersAreWellFormed(t *testing.T) {
	for _, c := range Checks() {
		a := c.Analyzer()
		if c.External() {
			continue
		}
		if a.URL == "" || a.Doc == "" {
			t.Errorf("%s: URL or Doc empty", a.Name)
		}
		if _, err := c.FromSettings(map[string]any{"no-such-setting": 1}); err == nil ||
			!strings.Contains(err.Error(), "no-such-setting") {
			t.Errorf("%s: unknown setting not rejected by name: %v", a.Name, err)
		}
	}
}

// TestSettingsAreValidated: a bad value is an error when the plugin is
// built, not when the check first runs.
func TestSettingsAreValidated(t *testing.T) {
	c, _ := Lookup("versionskew")
	_, err := c.FromSettings(map[string]any{"allowed-minor-skew": -1})
	if err == nil || !strings.Contains(err.Error(), "allowed-minor-skew") {
		t.Fatalf("negative allowed-minor-skew: got %v", err)
	}
}

// TestOptions: every option of every check is a flag named by its setting
// key (and nothing else is), is accepted by FromSettings under that key,
// and is exercised off its default by the check's tests
// (checktest.WithOption, or a Config literal that sets the field).
func TestOptions(t *testing.T) {
	for _, c := range Checks() {
		if c.External() {
			continue
		}
		flags := map[string]bool{}
		c.Analyzer().Flags.VisitAll(func(f *flag.Flag) { flags[f.Name] = true })
		tests := testSources(t, c.Name())
		for _, o := range c.Options() {
			if !flags[o.Key] {
				t.Errorf("%s: option %q has no flag of that name", c.Name(), o.Key)
			}
			delete(flags, o.Key)
			if _, err := c.FromSettings(map[string]any{o.Key: settingValue(o)}); err != nil {
				t.Errorf("%s: setting %q: %v", c.Name(), o.Key, err)
			}
			withOption := regexp.MustCompile(`WithOption\([^)]*"` + regexp.QuoteMeta(o.Key) + `"`)
			literal := regexp.MustCompile(`Config\{[^}]*\b` + o.Field + `:`)
			if !withOption.MatchString(tests) && !literal.MatchString(tests) {
				t.Errorf("%s: option %q is not tested off its default (checktest.WithOption(t, %s.Check, %q, ...))",
					c.Name(), o.Key, c.Name(), o.Key)
			}
		}
		for name := range flags {
			t.Errorf("%s: flag %q is no option (no Config field has that json key)", c.Name(), name)
		}
	}
}

// settingValue is a valid non-default value of o, as golangci-lint's YAML
// decoder would hand it over.
func settingValue(o check.Option) any {
	switch o.Type {
	case "bool":
		return o.Default != "true"
	case "int":
		return 1
	case "list":
		return []any{}
	}
	return ""
}

// testSources returns the text of the check's _test.go files.
func testSources(t *testing.T, name string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(name, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}
