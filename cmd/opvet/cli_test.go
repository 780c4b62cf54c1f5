package main

// Golden tests of the command line: each output mode, exit code and error
// message, on small modules without dependencies under testdata/cli
// (copied to a temporary directory, which the goldens call $DIR). Review
// and regenerate with
//
//	go test ./cmd/opvet -run CLI -update

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/driver"
	"github.com/opvet/opvet/internal/integration"
	"github.com/opvet/opvet/internal/report"
)

// cliCase is one run of opvet.
type cliCase struct {
	name    string   // golden file: testdata/cli/<name>.golden
	fixture string   // module under testdata/cli; "" is an empty directory (no go.mod)
	args    []string // opvet's arguments
	code    int      // expected exit code
	files   []string // files of $DIR to show after the run (-fix, -sarif)
	sarif   string   // "stdout" or a file of $DIR holding SARIF to validate
}

var cliCases = []cliCase{
	{name: "text", fixture: "findings", args: []string{"./..."}, code: exitFindings},
	{name: "text-optin", fixture: "findings", args: []string{"-SA5005", "./..."}, code: exitFindings},
	{name: "text-only", fixture: "findings", args: []string{"-markers", "./..."}, code: exitFindings},
	{name: "text-without", fixture: "findings", args: []string{"-setfinalizer=false", "./..."}, code: exitFindings},
	{name: "text-option", fixture: "findings", args: []string{"-markers.ignore=kubebuilder:validation:", "./..."}, code: exitFindings},
	{name: "json", fixture: "findings", args: []string{"-json", "./..."}, code: exitFindings},
	{name: "sarif-stdout", fixture: "findings", args: []string{"-format", "sarif", "-SA5005", "./..."}, code: exitFindings, sarif: "stdout"},
	{name: "sarif-file", fixture: "findings", args: []string{"-sarif", "opvet.sarif", "./..."}, code: exitFindings, files: []string{"opvet.sarif"}, sarif: "opvet.sarif"},
	{name: "fix", fixture: "findings", args: []string{"-fix", "./..."}, code: exitFindings, files: []string{"api/types.go"}},
	{name: "diff", fixture: "findings", args: []string{"-fix", "-diff", "./..."}, code: exitFindings, files: []string{"api/types.go"}},
	{name: "clean", fixture: "clean", args: []string{"./..."}, code: exitOK},
	{name: "notes", fixture: "notes", args: []string{"-crdcompat", "./..."}, code: exitOK},
	{name: "clean-json", fixture: "clean", args: []string{"-json", "./..."}, code: exitOK},
	{name: "clean-sarif", fixture: "clean", args: []string{"-format=sarif", "./..."}, code: exitOK, sarif: "stdout"},
	{name: "clean-fix", fixture: "clean", args: []string{"-fix", "./..."}, code: exitOK},
	{name: "broken", fixture: "broken", args: []string{"./..."}, code: exitError},
	{name: "broken-json", fixture: "broken", args: []string{"-json", "./..."}, code: exitError},
	{name: "broken-sarif", fixture: "broken", args: []string{"-format=sarif", "./..."}, code: exitError, sarif: "stdout"},
	{name: "broken-dependency", fixture: "broken", args: []string{"./user"}, code: exitError},
	{name: "broken-test-dependency", fixture: "broken", args: []string{"./tested"}, code: exitError},
	{name: "no-match", fixture: "findings", args: []string{"./nosuch/..."}, code: exitError},
	{name: "no-match-one", fixture: "findings", args: []string{"./nosuch", "./api"}, code: exitError},
	{name: "no-module", fixture: "", args: []string{"./..."}, code: exitError},
	{name: "no-module-json", fixture: "", args: []string{"-json", "./..."}, code: exitError},
	{name: "no-module-sarif", fixture: "", args: []string{"-format", "sarif", "./..."}, code: exitError, sarif: "stdout"},
	{name: "sarif-unwritable", fixture: "findings", args: []string{"-sarif", "no/such/dir/opvet.sarif", "./..."}, code: exitError},
	{name: "usage-unknown-flag", fixture: "findings", args: []string{"-bogus", "./..."}, code: exitUsage},
	{name: "usage-no-packages", fixture: "findings", args: nil, code: exitUsage},
	{name: "usage-bad-format", fixture: "findings", args: []string{"-format", "xml", "./..."}, code: exitUsage},
	{name: "usage-bad-option", fixture: "findings", args: []string{"-versionskew.allowed-minor-skew=-1", "./..."}, code: exitUsage},
	{name: "usage-json-fix", fixture: "findings", args: []string{"-json", "-fix", "./..."}, code: exitUsage},
	{name: "upgrade-clean", fixture: "clean", args: []string{"upgrade", "-to=1.33", "./..."}, code: exitOK},
	{name: "upgrade-clean-json", fixture: "clean", args: []string{"upgrade", "-controller-runtime=v0.21", "-json", "./..."}, code: exitOK},
	{name: "usage-upgrade-no-target", fixture: "findings", args: []string{"upgrade", "./..."}, code: exitUsage},
	{name: "usage-upgrade-bad-target", fixture: "findings", args: []string{"upgrade", "-to=v1.33.2", "./..."}, code: exitUsage},
	{name: "usage-upgrade-format", fixture: "findings", args: []string{"upgrade", "-to=1.33", "-format", "sarif", "./..."}, code: exitUsage},
	{name: "usage-upgrade-no-packages", fixture: "findings", args: []string{"upgrade", "-to=1.33"}, code: exitUsage},
	{name: "help", fixture: "", args: []string{"help"}, code: exitOK},
	{name: "help-upgrade", fixture: "", args: []string{"help", "upgrade"}, code: exitOK},
	{name: "help-check", fixture: "", args: []string{"help", "markers"}, code: exitOK},
	{name: "help-optin", fixture: "", args: []string{"help", "SA5005"}, code: exitOK},
	{name: "help-unknown", fixture: "", args: []string{"help", "nosuch"}, code: exitUsage},
	{name: "lsp-argument", fixture: "", args: []string{"lsp", "-bogus"}, code: exitUsage},
}

func TestCLI(t *testing.T) {
	bin := opvetBinary(t)
	for _, tc := range cliCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := fixtureDir(t, tc.fixture)
			res := integration.Run(t, dir, cliEnv(), bin, tc.args...)
			stdout := res.Stdout
			if tc.sarif == "stdout" {
				stdout = rulesByID(t, stdout)
			}
			var b strings.Builder
			fmt.Fprintf(&b, "$ opvet %s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", strings.Join(tc.args, " "), res.Code, stdout, res.Stderr)
			for _, f := range tc.files {
				data, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					data = []byte(err.Error() + "\n")
				}
				if f == tc.sarif {
					data = []byte(rulesByID(t, string(data)))
				}
				fmt.Fprintf(&b, "-- file %s --\n%s", f, data)
			}
			got := strings.ReplaceAll(b.String(), dir, "$DIR")
			integration.Golden(t, filepath.Join("testdata", "cli", tc.name+".golden"), strings.Split(strings.TrimSuffix(got, "\n"), "\n"), *update)
			if res.Code != tc.code {
				t.Errorf("exit %d, want %d\n%s", res.Code, tc.code, res.Stderr)
			}
			switch tc.sarif {
			case "":
			case "stdout":
				validateSARIF(t, []byte(res.Stdout))
			default:
				data, err := os.ReadFile(filepath.Join(dir, tc.sarif))
				if err != nil {
					t.Fatal(err)
				}
				validateSARIF(t, data)
			}
		})
	}
}

// fixtureDir copies testdata/cli/<name> to a temporary directory (an empty
// one for ""), without symbolic links in its path, as the go command
// reports it.
func fixtureDir(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if name != "" {
		integration.CopyDir(t, filepath.Join("testdata", "cli", name), dir)
	}
	return dir
}

// cliEnv runs the fixtures, which need no module, offline.
func cliEnv() []string {
	return append(integration.GoEnv(), "GOPROXY=off", "TERM=dumb")
}

// rulesByID shortens the rules of a SARIF log to their ids in the goldens:
// they hold every check's documentation, which TestSARIFRules compares
// with the registry, and would change with every doc.go.
func rulesByID(t *testing.T, sarif string) string {
	t.Helper()
	var log map[string]any
	if err := json.Unmarshal([]byte(sarif), &log); err != nil {
		return sarif
	}
	for _, run := range log["runs"].([]any) {
		driver := run.(map[string]any)["tool"].(map[string]any)["driver"].(map[string]any)
		var ids []any
		for _, r := range driver["rules"].([]any) {
			ids = append(ids, r.(map[string]any)["id"])
		}
		driver["rules"] = ids
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(log); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSARIFRules: one rule per check of the registry, in its order, with
// the check's name, documentation, README section and default.
func TestSARIFRules(t *testing.T) {
	var b bytes.Buffer
	if err := writeSARIF(&b, &driver.Result{}); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, b.Bytes())
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []sarifRule `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rules := log.Runs[0].Tool.Driver.Rules
	checks := analyzers.Checks()
	if len(rules) != len(checks) {
		t.Fatalf("%d rules for %d checks", len(rules), len(checks))
	}
	for i, c := range checks {
		r := rules[i]
		summary, body := analyzers.SplitDoc(c)
		switch {
		case r.ID != c.Name():
			t.Errorf("rule %d is %s, want %s", i, r.ID, c.Name())
		case !strings.HasPrefix(strings.ToLower(r.ShortDescription.Text), strings.ToLower(summary)):
			t.Errorf("%s: short description %q, want the summary %q", c.Name(), r.ShortDescription.Text, summary)
		case body != "" && !strings.HasPrefix(strings.Join(strings.Fields(body), " "), r.FullDescription.Text):
			t.Errorf("%s: full description %q is not the start of the documentation", c.Name(), r.FullDescription.Text)
		case r.HelpURI != report.DocURL(c.Name()) || r.Help.Text != c.Doc():
			t.Errorf("%s: help %q, %q", c.Name(), r.HelpURI, r.Help.Text)
		case r.DefaultConfiguration.Enabled != c.Enabled() || r.Properties.Autofix != c.Autofix():
			t.Errorf("%s: default %v, autofix %v", c.Name(), r.DefaultConfiguration.Enabled, r.Properties.Autofix)
		}
	}
}

//go:embed testdata/sarif/sarif-schema-2.1.0.json
var sarifSchemaJSON []byte

// validateSARIF validates a SARIF log against the SARIF 2.1.0 JSON schema,
// with format assertions (uri, date-time) on.
func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	schemaDoc, err := jsonschema.UnmarshalJSON(bytes.NewReader(sarifSchemaJSON))
	if err != nil {
		t.Fatal(err)
	}
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(url, schemaDoc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("SARIF does not parse: %v\n%s", err, data)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("SARIF does not validate against the SARIF 2.1.0 schema: %v", err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("want one run: %v", err)
	}
	run := log.Runs[0]
	for _, r := range run.Results {
		rules := run.Tool.Driver.Rules
		if r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result of %s points at rule %d", r.RuleID, r.RuleIndex)
		}
		for _, l := range r.Locations {
			if uri := l.PhysicalLocation.ArtifactLocation.URI; strings.HasPrefix(uri, "/") || strings.Contains(uri, ":") {
				t.Errorf("result URI %q is not relative", uri)
			}
		}
	}
}

// TestVersion: opvet version and -V print the module version and the build
// information; -V=full answers go vet's question.
func TestVersion(t *testing.T) {
	bin := opvetBinary(t)
	for _, args := range [][]string{{"version"}, {"-V"}} {
		res := integration.Run(t, ".", nil, bin, args...)
		if res.Code != 0 || !strings.HasPrefix(res.Stdout, "opvet (devel) (") || !strings.Contains(res.Stdout, "built with go") {
			t.Errorf("opvet %s: exit %d, output %q", strings.Join(args, " "), res.Code, res.Stdout+res.Stderr)
		}
	}
	res := integration.Run(t, ".", nil, bin, "-V=full")
	if res.Code != 0 || !strings.Contains(res.Stdout, " version ") || !strings.Contains(res.Stdout, "buildID=") {
		t.Errorf("opvet -V=full: exit %d, output %q", res.Code, res.Stdout+res.Stderr)
	}
	res = integration.Run(t, ".", nil, bin, "-flags")
	var flags []struct{ Name string }
	if err := json.Unmarshal([]byte(res.Stdout), &flags); res.Code != 0 || err != nil || len(flags) < 10 {
		t.Errorf("opvet -flags: exit %d, %v, output %q", res.Code, err, res.Stdout+res.Stderr)
	}
}

// TestVetTool runs opvet under go vet on the fixture: the findings of the
// standalone run (opt-in checks included when named), and exit 1, which
// is all that go vet's protocol allows.
func TestVetTool(t *testing.T) {
	bin := opvetBinary(t)
	for _, args := range [][]string{{"./..."}, {"-SA5005", "./..."}} {
		dir := fixtureDir(t, "findings")
		standalone := integration.Run(t, dir, cliEnv(), bin, args...)
		vet := integration.Run(t, dir, cliEnv(), "go", append([]string{"vet", "-vettool=" + bin}, args...)...)
		want := integration.Findings(standalone.Stderr, dir)
		got := integration.Findings(vet.Stderr, dir)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("go vet -vettool %s found\n%s\nopvet found\n%s", strings.Join(args, " "), strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if vet.Code != 1 {
			t.Errorf("go vet -vettool %s: exit %d with findings, want 1", strings.Join(args, " "), vet.Code)
		}
	}
	dir := fixtureDir(t, "clean")
	if res := integration.Run(t, dir, cliEnv(), "go", "vet", "-vettool="+bin, "./..."); res.Code != 0 {
		t.Errorf("go vet -vettool on a clean module: exit %d\n%s", res.Code, res.Stderr)
	}
}

// TestGOPATHMode: a tree of the GOPATH era (no go.mod, inside GOPATH's
// src) is loaded in GOPATH mode, with a note, and gives the findings the
// same code gives in a module.
func TestGOPATHMode(t *testing.T) {
	bin := opvetBinary(t)
	module := fixtureDir(t, "findings")
	want := integration.Findings(integration.Run(t, module, cliEnv(), bin, "./...").Stderr, module)

	gopath := fixtureDir(t, "")
	dir := filepath.Join(gopath, "src", "example.com", "legacy")
	integration.CopyDir(t, filepath.Join("testdata", "cli", "findings"), dir)
	if err := os.Remove(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatal(err)
	}
	res := integration.Run(t, dir, append(cliEnv(), "GOPATH="+gopath), bin, "./...")
	got := integration.Findings(res.Stderr, dir)
	if strings.Join(got, "\n") != strings.Join(want, "\n") || res.Code != exitFindings ||
		!strings.Contains(res.Stderr, "loaded the packages in GOPATH mode") {
		t.Errorf("opvet ./... in GOPATH: exit %d\n%s\nwant the module's findings\n%s", res.Code, res.Stderr, strings.Join(want, "\n"))
	}

	// Outside GOPATH, no go.mod stays an error.
	if res := integration.Run(t, fixtureDir(t, ""), append(cliEnv(), "GOPATH="+gopath), bin, "./..."); res.Code != exitError {
		t.Errorf("opvet ./... outside GOPATH and any module: exit %d, want %d", res.Code, exitError)
	}
}
