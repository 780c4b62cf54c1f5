// Package golangci_test proves opvet's golangci-lint v2 module plugin with
// the real golangci-lint, built from tools/golangci (golangci-lint v2.15.0
// plus a blank import of opvet, the offline alternative to
// `golangci-lint custom`), on a copy of testdata/demo.
//
// Building golangci-lint takes about ten minutes cold, more than go test's
// default per-package timeout leaves, so the test takes, in this order:
// the binary named by $OPVET_GOLANGCI_LINT (.ci/run builds it with the
// README's command before the tests); one it built earlier for the same
// sources (cached under os.UserCacheDir()/opvet-test); or builds one when
// the test's deadline leaves time for it (go test -timeout 30m). Otherwise
// it is skipped, with the commands that run it.
package golangci_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/opvet/opvet/internal/integration"
)

// buildBudget is the time a cold build of golangci-lint may take.
const buildBudget = 25 * time.Minute

var (
	buildOnce sync.Once
	binary    string
	skipWhy   string
)

// golangciLint returns the custom golangci-lint: prebuilt, cached, or
// built now when there is time. The key is taken once per test run:
// sources edited meanwhile are the next run's business.
func golangciLint(t *testing.T) string {
	t.Helper()
	integration.SkipIfShort(t, "the golangci-lint plugin test (it needs golangci-lint built with the plugin)")
	buildOnce.Do(func() {
		if prebuilt := os.Getenv("OPVET_GOLANGCI_LINT"); prebuilt != "" {
			if _, err := os.Stat(prebuilt); err != nil {
				t.Fatalf("OPVET_GOLANGCI_LINT: %v", err)
			}
			binary = prebuilt
			return
		}
		root := integration.RepoRoot(t)
		key := integration.SourceHash(t, root, "tools", "bin", "cmd", "internal/integration") +
			integration.SourceHash(t, filepath.Join(root, "tools", "golangci")) + runtime.Version()
		if cached := integration.CachedPath("golangci-lint", integration.Hash(key)); cached != "" {
			binary = cached
			return
		}
		if deadline, ok := t.Deadline(); ok && time.Until(deadline) < buildBudget {
			skipWhy = "no golangci-lint with the opvet plugin for these sources, and building one takes longer than " +
				"this test's deadline leaves: run `go test -timeout 30m ./internal/integration/golangci`, or build it " +
				"with `(cd tools/golangci && go build -o ../../bin/golangci-lint .)` and set OPVET_GOLANGCI_LINT=$PWD/bin/golangci-lint"
			return
		}
		binary = integration.CachedBinary(t, "golangci-lint", integration.Hash(key), func(out string) {
			t.Logf("building golangci-lint with the opvet plugin (about ten minutes cold)")
			res := integration.Run(t, filepath.Join(root, "tools", "golangci"), integration.GoEnv(),
				"go", "build", "-o", out, ".")
			if res.Code != 0 {
				t.Fatalf("building tools/golangci: exit %d\n%s", res.Code, res.Stderr)
			}
		})
	})
	if skipWhy != "" {
		t.Skip(skipWhy)
	}
	if binary == "" {
		t.Fatal("golangci-lint was not built (see the first test's log)")
	}
	return binary
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
  uniq-by-line: false
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
	env := append(integration.GoEnv(), "GOLANGCI_LINT_CACHE="+filepath.Join(dir, ".cache"))
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

// TestGolangciLint runs the custom golangci-lint on the demo: as is (the
// findings of the opvet command, with SARIF output), then with a check
// disabled in the settings, one excluded by name in exclusions.rules, and
// findings suppressed by //nolint:opvet and by //opvet:ignore, then with a
// misspelt setting. Each run loads the demo's dependencies, so the cases
// share runs.
func TestGolangciLint(t *testing.T) {
	all := standalone(t)
	t.Run("findings and SARIF", func(t *testing.T) {
		dir := demo(t, "", "")
		sarifPath := filepath.Join(dir, "opvet.sarif")
		got, res := lint(t, dir, "--output.sarif.path="+sarifPath)
		if !slices.Equal(got, all) {
			t.Errorf("golangci-lint found\n%s\nopvet found\n%s\n(stderr: %s)", strings.Join(got, "\n"), strings.Join(all, "\n"), res.Stderr)
		}
		if len(all) > 0 && res.Code != 1 {
			t.Errorf("golangci-lint exited %d with findings, want 1\n%s", res.Code, res.Stderr)
		}
		for _, f := range got {
			if c := integration.Check(f); c == "" || strings.Contains(c, " ") {
				t.Errorf("finding without the check name in its text: %s", f)
			}
		}
		checkSARIF(t, sarifPath, len(all))
	})
	t.Run("settings, exclusions and suppression", func(t *testing.T) {
		var checks []string // distinct checks of the demo, in golden order
		for _, f := range all {
			if c := integration.Check(f); !slices.Contains(checks, c) && c != "ignoredirective" {
				checks = append(checks, c)
			}
		}
		if len(checks) < 4 {
			t.Skipf("the demo has findings of %d checks, this test needs 4", len(checks))
		}
		disabled, excluded, nolinted, ignored := checks[0], checks[1], checks[2], checks[3]
		dir := demo(t, "          disable: ["+disabled+"]\n          versionskew: {allowed-minor-skew: 0}", "")
		path := filepath.Join(dir, ".golangci.yml")
		yml, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rule := "  exclusions:\n    rules:\n      - linters: [opvet]\n        text: \"^" + excluded + ":\"\n"
		if err := os.WriteFile(path, []byte(strings.Replace(string(yml), "linters:\n", "linters:\n"+rule, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		nolintFile, nolintLine := suppress(t, dir, all, nolinted, "//nolint:opvet // the test suppresses it")
		ignoreFile, ignoreLine := suppress(t, dir, all, ignored, "//opvet:ignore "+ignored+" the test suppresses it")

		got, res := lint(t, dir)
		var want []string
		for _, f := range all {
			file, line := integration.Position(t, f)
			c := integration.Check(f)
			switch {
			case c == disabled, c == excluded:
			case file == nolintFile && line == nolintLine: // //nolint:opvet drops every opvet finding of its line
			case file == ignoreFile && line == ignoreLine && c == ignored:
			default:
				want = append(want, f)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("with %s disabled, %s excluded, //nolint:opvet on %s:%d and //opvet:ignore %s on %s:%d, golangci-lint found\n%s\nwant\n%s\n(stderr: %s)",
				disabled, excluded, nolintFile, nolintLine, ignored, ignoreFile, ignoreLine,
				strings.Join(got, "\n"), strings.Join(want, "\n"), res.Stderr)
		}
	})
	t.Run("unknown setting", func(t *testing.T) {
		_, res := lint(t, demo(t, "          disabel: [finalizers]", ""))
		if res.Code == 0 || res.Code == 1 || !strings.Contains(res.Stderr, `unknown setting "disabel"`) {
			t.Errorf("unknown setting: exit %d, stderr does not name it:\n%s", res.Code, res.Stderr)
		}
	})
}

// suppress appends comment to the first line of a .go file in dir with a
// finding of check and no comment yet, and returns that line.
func suppress(t *testing.T, dir string, findings []string, check, comment string) (string, int) {
	t.Helper()
	for _, f := range findings {
		if integration.Check(f) != check {
			continue
		}
		file, line := integration.Position(t, f)
		path := filepath.Join(dir, file)
		if strings.HasSuffix(file, ".go") && !strings.Contains(integration.LineOf(t, path, line), "//") {
			integration.EditLine(t, path, line, func(s string) string { return s + " " + comment })
			return file, line
		}
	}
	t.Skipf("no line of the demo with a %s finding takes a comment", check)
	return "", 0
}

// checkSARIF checks that the SARIF file at path has n results, each from
// the linter opvet with the check name in its text.
func checkSARIF(t *testing.T, path string, n int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no SARIF written: %v", err)
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
	got := 0
	for _, run := range log.Runs {
		for _, r := range run.Results {
			got++
			if r.RuleID != "opvet" || integration.Check("x: "+r.Message.Text) == "" {
				t.Errorf("SARIF result %q: %q does not name opvet and the check", r.RuleID, r.Message.Text)
			}
		}
	}
	if log.Version == "" || got != n {
		t.Errorf("SARIF version %q with %d results, want %d", log.Version, got, n)
	}
}
