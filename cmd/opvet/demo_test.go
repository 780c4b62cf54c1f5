package main

// End-to-end tests of the opvet command on the real operator modules under
// testdata/ (testdata/demo on controller-runtime v0.25, testdata/oldcrmod on
// v0.14). They build the binary, run it as users do and compare the
// findings with golden files. go vet -vettool on the demo, which vets its
// ~800 dependencies afresh for every new binary, runs once, in the README's
// usage block (internal/integration/doctest), which compares its findings
// with demo.golden too. When a check
// changes what it reports on the demo, review the difference and regenerate:
//
//	go test ./cmd/opvet -run Demo -update
//
// They need the modules of the demo in the module cache or the Go module
// proxy, and are skipped under -short.

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/integration"
)

var update = flag.Bool("update", false, "rewrite the golden files of the end-to-end tests")

// opvetBinary builds cmd/opvet once per test process.
func opvetBinary(t *testing.T) string { return integration.Opvet(t) }

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	integration.CleanupOpvet()
	os.Exit(code)
}

// module returns the absolute path of testdata module name of the repo.
func module(t *testing.T, name string) string { return integration.Module(t, name) }

// opvet runs the binary with args in dir and returns its findings.
func opvet(t *testing.T, dir string, args ...string) ([]string, integration.Result) {
	t.Helper()
	res := integration.Run(t, dir, integration.GoEnv(), opvetBinary(t), args...)
	if res.Code != 0 && res.Code != 3 {
		t.Fatalf("opvet %s: exit %d\n%s%s", strings.Join(args, " "), res.Code, res.Stdout, res.Stderr)
	}
	return integration.Findings(res.Stderr, dir), res
}

// wantCode is the exit code of a run that reported findings.
func wantCode(findings []string) int {
	if len(findings) > 0 {
		return 3
	}
	return 0
}

// TestDemoGolden runs opvet on the demo operator and on the module built
// against controller-runtime v0.14 (the stubs' old API, for real).
func TestDemoGolden(t *testing.T) {
	for _, name := range []string{"demo", "oldcrmod"} {
		t.Run(name, func(t *testing.T) {
			got, res := opvet(t, module(t, name), "./...")
			integration.Golden(t, filepath.Join("testdata", name+".golden"), got, *update)
			if res.Code != wantCode(got) {
				t.Errorf("exit code %d with %d findings, want %d", res.Code, len(got), wantCode(got))
			}
		})
	}
}

// TestDemoJSON: -json reports what the text output reports, in the
// documented shape, and exits 3 as the text output does.
func TestDemoJSON(t *testing.T) {
	dir := module(t, "demo")
	standalone, _ := opvet(t, dir, "./...")
	_, res := opvet(t, dir, "-json", "./...")
	var out struct {
		Findings []struct {
			Check   string `json:"check"`
			File    string `json:"file"`
			Line    int    `json:"line"`
			Column  int    `json:"column"`
			Message string `json:"message"`
		} `json:"findings"`
		Errors []any `json:"errors"`
	}
	if err := json.Unmarshal([]byte(res.Stdout), &out); err != nil {
		t.Fatalf("-json output does not parse: %v\n%s", err, res.Stdout)
	}
	var got []string
	for _, f := range out.Findings {
		got = append(got, fmt.Sprintf("%s:%d:%d: %s: %s", f.File, f.Line, f.Column, f.Check, f.Message))
	}
	got = integration.Findings(strings.Join(got, "\n"), dir)
	if !slices.Equal(got, standalone) {
		t.Errorf("-json found\n%s\nplain output found\n%s", strings.Join(got, "\n"), strings.Join(standalone, "\n"))
	}
	if res.Code != wantCode(got) || len(out.Errors) > 0 {
		t.Errorf("-json: exit %d with %d findings and errors %v, want exit %d", res.Code, len(got), out.Errors, wantCode(got))
	}
}

// TestDemoModuleSummaries: the statusupdate finding of the demo depends on
// a helper of another package of the module (internal/conditions), seen
// through its summary. Naming only the controller's package still finds
// it: opvet loads the module's packages that it imports from source, for
// their summaries, and reports only on the package named.
func TestDemoModuleSummaries(t *testing.T) {
	dir := module(t, "demo")
	all, _ := opvet(t, dir, "./...")
	got, _ := opvet(t, dir, "./internal/controller")
	var want []string
	for _, f := range all {
		if strings.HasPrefix(f, "internal/controller/") {
			want = append(want, f)
		}
	}
	if !slices.Equal(got, want) || !slices.ContainsFunc(got, func(f string) bool { return integration.Check(f) == "statusupdate" }) {
		t.Errorf("opvet ./internal/controller found\n%s\nwant (with the statusupdate finding)\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDemoAPIModule: an operator whose API types and their helpers are a
// module of their own, which the operator's go.mod replaces with ./api
// (VictoriaMetrics/operator's layout), gets the findings it gets as one
// module on the packages left in it: the statusupdate finding that
// depends on the helper's summary (MarkReady, moved into the API module)
// is still found, the helper's package is analysed for its summaries
// although it is a dependency of known version.
func TestDemoAPIModule(t *testing.T) {
	src := module(t, "demo")
	all, _ := opvet(t, src, "./...")
	dir := t.TempDir()
	integration.CopyDir(t, src, dir)
	move := func(from, to string) {
		if err := os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)); err != nil {
			t.Fatal(err)
		}
	}
	move("internal/conditions", "api/conditions")
	ctrl := filepath.Join(dir, "internal", "controller", "widget_controller.go")
	replaceInFile(t, ctrl, `"example.com/demo-operator/internal/conditions"`, `"example.com/demo-operator/api/conditions"`)
	gomod := filepath.Join(dir, "go.mod")
	replaceInFile(t, gomod, "require (\n", "require (\n\texample.com/demo-operator/api v0.0.0-00010101000000-000000000000\n")
	appendFile(t, gomod, "\nreplace example.com/demo-operator/api => ./api\n")
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	// The API module requires what the operator requires, at the same
	// versions (go.sum has them all).
	apiMod := strings.Replace(string(data), "module example.com/demo-operator\n", "module example.com/demo-operator/api\n", 1)
	apiMod, _, _ = strings.Cut(apiMod, "\nreplace ")
	apiMod = strings.Replace(apiMod, "\texample.com/demo-operator/api v0.0.0-00010101000000-000000000000\n", "", 1)
	if err := os.WriteFile(filepath.Join(dir, "api", "go.mod"), []byte(apiMod), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "api", "go.sum"), sum, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}

	got, _ := opvet(t, dir, "./...")
	var want []string
	for _, f := range all {
		if !strings.HasPrefix(f, "api/") && !strings.HasPrefix(f, "internal/conditions/") {
			want = append(want, f)
		}
	}
	if !slices.Equal(got, want) || !slices.ContainsFunc(got, func(f string) bool { return integration.Check(f) == "statusupdate" }) {
		t.Errorf("with the API module replaced by ./api, opvet found\n%s\nwant (with the statusupdate finding)\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// replaceInFile replaces the first old in the file at path with new.
func replaceInFile(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not contain %q", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// appendFile appends text to the file at path.
func appendFile(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString(text)
	if err := errors.Join(err, f.Close()); err != nil {
		t.Fatal(err)
	}
}

func TestDemoDisableCheck(t *testing.T) {
	dir := module(t, "demo")
	all, _ := opvet(t, dir, "./...")
	got, _ := opvet(t, dir, "-setfinalizer=false", "./...")
	if want := integration.Without(all, "setfinalizer"); !slices.Equal(got, want) {
		t.Errorf("-setfinalizer=false found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDemoIgnoreDirective suppresses the findings of one line of a copy of
// the demo with //opvet:ignore, and adds a malformed directive.
func TestDemoIgnoreDirective(t *testing.T) {
	src := module(t, "demo")
	all, _ := opvet(t, src, "./...")
	dir := t.TempDir()
	integration.CopyDir(t, src, dir)

	var target string // first finding on a line without a comment
	for _, f := range all {
		if integration.Check(f) == "ignoredirective" {
			continue
		}
		file, line := integration.Position(t, f)
		if !strings.Contains(integration.LineOf(t, filepath.Join(dir, file), line), "//") {
			target = f
			break
		}
	}
	if target == "" {
		t.Skip("the demo has no finding to suppress yet")
	}
	check := integration.Check(target)
	file, line := integration.Position(t, target)
	path := filepath.Join(dir, file)
	integration.EditLine(t, path, line, func(s string) string {
		return s + " //opvet:ignore " + check + " the demo test suppresses this finding"
	})
	// A malformed directive (no reason) on the last line of the file.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	malformedLine := strings.Count(string(data), "\n") + 1
	if err := os.WriteFile(path, append(data, []byte("//opvet:ignore "+check+"\n")...), 0o644); err != nil {
		t.Fatal(err)
	}

	got, res := opvet(t, dir, "./...")
	var want []string
	for _, f := range all {
		fFile, fLine := integration.Position(t, f)
		if !(fFile == file && fLine == line && integration.Check(f) == check) {
			want = append(want, f)
		}
	}
	var malformed []string
	for _, f := range got {
		if fFile, fLine := integration.Position(t, f); fFile == file && fLine == malformedLine && integration.Check(f) == "ignoredirective" {
			malformed = append(malformed, f)
		}
	}
	if len(malformed) != 1 {
		t.Errorf("the malformed directive at %s:%d was not reported once by ignoredirective:\n%s", file, malformedLine, strings.Join(got, "\n"))
	}
	if rest := integration.WithoutAll(got, malformed); !slices.Equal(rest, want) {
		t.Errorf("with //opvet:ignore %s on %s:%d found\n%s\nwant\n%s", check, file, line, strings.Join(rest, "\n"), strings.Join(want, "\n"))
	}
	if res.Code != 3 {
		t.Errorf("exit code %d with findings, want 3", res.Code)
	}
}
