// Package golangci_test proves opvet's golangci-lint v2 module plugin with
// the real golangci-lint: it builds tools/golangci (golangci-lint v2.15.0
// plus a blank import of opvet, the offline alternative to
// `golangci-lint custom`) once per change of its sources, caches it under
// os.UserCacheDir()/opvet-test, and runs it on a copy of testdata/demo.
package golangci_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/integration"
)

// golangciLint returns the custom golangci-lint, building it if needed.
func golangciLint(t *testing.T) string {
	t.Helper()
	integration.SkipIfShort(t, "the golangci-lint plugin test (it builds golangci-lint)")
	root := integration.RepoRoot(t)
	key := integration.SourceHash(t, root, "tools", "bin") +
		integration.SourceHash(t, filepath.Join(root, "tools", "golangci")) + runtime.Version()
	return integration.CachedBinary(t, "golangci-lint", integration.Hash(key), func(out string) {
		t.Logf("building golangci-lint with the opvet plugin (minutes the first time)")
		res := integration.Run(t, filepath.Join(root, "tools", "golangci"), []string{"GOWORK=off", "GOFLAGS=-mod=readonly"},
			"go", "build", "-o", out, ".")
		if res.Code != 0 {
			t.Fatalf("building tools/golangci: exit %d\n%s", res.Code, res.Stderr)
		}
	})
}

const config = `version: "2"
linters:
  default: none
  enable: [opvet]
  settings:
    custom:
      opvet:
        type: module
        description: Kubernetes operator checks
        settings:
%s
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
`

// demo copies the demo operator into a temporary directory with a
// .golangci.yml whose opvet settings are settings (YAML, indented by
// 10 spaces) plus extra top-level YAML.
func demo(t *testing.T, settings, extra string) string {
	t.Helper()
	dir := t.TempDir()
	integration.CopyDir(t, filepath.Join(integration.RepoRoot(t), "testdata", "demo"), dir)
	if settings == "" {
		settings = "          disable: []"
	}
	yml := strings.Replace(config, "%s", settings, 1) + extra
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(yml), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// lint runs golangci-lint run in dir and returns its findings
// ("file:line:col: text") and the result.
func lint(t *testing.T, dir string, args ...string) ([]string, integration.Result) {
	t.Helper()
	env := []string{"GOWORK=off", "GOFLAGS=-mod=readonly", "GOLANGCI_LINT_CACHE=" + filepath.Join(dir, ".cache")}
	args = append([]string{"run", "--output.text.path=stdout", "--output.text.print-issued-lines=false", "--output.text.colors=false", "--show-stats=false"}, args...)
	res := integration.Run(t, dir, env, golangciLint(t), append(args, "./...")...)
	var lines []string
	for _, l := range strings.Split(res.Stdout, "\n") {
		// golangci-lint appends " (opvet)", the linter's name.
		if l, ok := strings.CutSuffix(strings.TrimSpace(l), " (opvet)"); ok {
			lines = append(lines, l)
		}
	}
	return integration.Findings(strings.Join(lines, "\n"), dir), res
}

// standalone is what the opvet command reports on the demo: the golden
// file of cmd/opvet's end-to-end test.
func standalone(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(integration.RepoRoot(t), "cmd", "opvet", "testdata", "demo.golden"))
	if err != nil {
		t.Fatal(err)
	}
	return integration.Findings(string(data), "")
}

func TestGolangciLintPlugin(t *testing.T) {
	dir := demo(t, "", "")
	got, res := lint(t, dir)
	want := standalone(t)
	if !slices.Equal(got, want) {
		t.Errorf("golangci-lint found\n%s\nopvet found\n%s\n(stderr: %s)", strings.Join(got, "\n"), strings.Join(want, "\n"), res.Stderr)
	}
	if len(want) > 0 && res.Code != 1 {
		t.Errorf("golangci-lint exited %d with findings, want 1\n%s", res.Code, res.Stderr)
	}
	for _, f := range got {
		if c := integration.Check(f); c == "" || strings.Contains(c, " ") {
			t.Errorf("finding without the check name in its text: %s", f)
		}
	}
}

func TestGolangciLintSettings(t *testing.T) {
	all := standalone(t)
	if len(all) == 0 {
		t.Skip("the demo has no findings yet")
	}
	check := integration.Check(all[0])
	got, _ := lint(t, demo(t, "          disable: ["+check+"]\n          versionskew: {allowed-minor-skew: 0}", ""))
	if want := integration.Without(all, check); !slices.Equal(got, want) {
		t.Errorf("with %s disabled golangci-lint found\n%s\nwant\n%s", check, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	_, res := lint(t, demo(t, "          disabel: ["+check+"]", ""))
	if res.Code == 0 || res.Code == 1 || !strings.Contains(res.Stderr, `unknown setting "disabel"`) {
		t.Errorf("unknown setting: exit %d, stderr does not name it:\n%s", res.Code, res.Stderr)
	}
}

// TestGolangciLintExclusionByCheck: exclusions.rules with text: "^<check>:"
// drop one check's findings, as the README shows.
func TestGolangciLintExclusionByCheck(t *testing.T) {
	all := standalone(t)
	if len(all) == 0 {
		t.Skip("the demo has no findings yet")
	}
	check := integration.Check(all[len(all)-1])
	rule := "  exclusions:\n    rules:\n      - linters: [opvet]\n        text: \"^" + check + ":\"\n"
	dir := demo(t, "", "")
	path := filepath.Join(dir, ".golangci.yml")
	yml, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(yml), "linters:\n", "linters:\n"+rule, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	got, res := lint(t, dir)
	if want := integration.Without(all, check); !slices.Equal(got, want) {
		t.Errorf("excluding %q golangci-lint found\n%s\nwant\n%s\n%s", check, strings.Join(got, "\n"), strings.Join(want, "\n"), res.Stderr)
	}
}

// TestGolangciLintSuppression: //nolint:opvet and //opvet:ignore both
// suppress a finding.
func TestGolangciLintSuppression(t *testing.T) {
	all := standalone(t)
	for _, directive := range []string{"//nolint:opvet // the test suppresses it", "//opvet:ignore %s the test suppresses it"} {
		dir := demo(t, "", "")
		target := ""
		for _, f := range all {
			file, line := integration.Position(t, f)
			if integration.Check(f) != "ignoredirective" && !strings.Contains(integration.LineOf(t, filepath.Join(dir, file), line), "//") {
				target = f
				break
			}
		}
		if target == "" {
			t.Skip("the demo has no finding to suppress yet")
		}
		file, line := integration.Position(t, target)
		check := integration.Check(target)
		text := strings.Replace(directive, "%s", check, 1)
		integration.EditLine(t, filepath.Join(dir, file), line, func(s string) string { return s + " " + text })
		got, _ := lint(t, dir)
		var want []string
		for _, f := range all {
			ff, fl := integration.Position(t, f)
			// //nolint:opvet drops every opvet finding of the line.
			if ff == file && fl == line && (strings.HasPrefix(text, "//nolint") || integration.Check(f) == check) {
				continue
			}
			want = append(want, f)
		}
		if !slices.Equal(got, want) {
			t.Errorf("with %q on %s:%d golangci-lint found\n%s\nwant\n%s", text, file, line, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

func TestGolangciLintSARIF(t *testing.T) {
	all := standalone(t)
	dir := demo(t, "", "")
	sarifPath := filepath.Join(dir, "opvet.sarif")
	_, res := lint(t, dir, "--output.sarif.path="+sarifPath)
	data, err := os.ReadFile(sarifPath)
	if err != nil {
		t.Fatalf("no SARIF written: %v\n%s", err, res.Stderr)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID  string `json:"ruleId"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("SARIF does not parse: %v\n%s", err, data)
	}
	n := 0
	for _, run := range log.Runs {
		for _, r := range run.Results {
			n++
			if r.RuleID != "opvet" || integration.Check("x: "+r.Message.Text) == "" {
				t.Errorf("SARIF result %q: %q does not name opvet and the check", r.RuleID, r.Message.Text)
			}
		}
	}
	if log.Version == "" || n != len(all) {
		t.Errorf("SARIF version %q with %d results, want %d", log.Version, n, len(all))
	}
}
