package lsp_test

// End-to-end test of the opvet binary's `opvet lsp` on the demo operator
// (testdata/demo, real controller-runtime): the findings of a controller
// are those of the command line (cmd/opvet/testdata/demo.golden), and the
// MergeFrom quick fix removes its finding. It needs the demo's modules in
// the module cache or the Go module proxy, and is skipped under -short.

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/integration"
)

// controller is the demo's file that the end-to-end tests open.
const controller = "internal/controller/widget_controller.go"

// demoCopy copies the demo operator to a temporary directory (the tests
// edit it) and returns it.
func demoCopy(t testing.TB) string {
	t.Helper()
	src := integration.Module(t, "demo")
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	integration.CopyDir(t, src, dir)
	return dir
}

// goldenFindings returns "line:check" for each finding in file of the
// command line's golden output for the demo, sorted.
func goldenFindings(t *testing.T, file string) []string {
	t.Helper()
	golden := filepath.Join(integration.RepoRoot(t), "cmd", "opvet", "testdata", "demo.golden")
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		name, n := integration.Position(t, line)
		if name == file {
			out = append(out, strconv.Itoa(n)+":"+integration.Check(line))
		}
	}
	slices.Sort(out)
	if len(out) == 0 {
		t.Fatalf("%s has no findings of %s", golden, file)
	}
	return out
}

// without returns findings without those of check.
func without(findings []string, check string) []string {
	return slices.DeleteFunc(slices.Clone(findings), func(f string) bool { return strings.HasSuffix(f, ":"+check) })
}

func TestDemo(t *testing.T) {
	dir := demoCopy(t)
	file := filepath.Join(dir, controller)
	want := goldenFindings(t, controller)
	c := startBinary(t, dir, integration.GoEnv())
	c.initialize(dir, nil)
	mark := c.mark()
	c.open(file)
	diags := c.diagnostics(mark, file)
	if got := summary(diags); !slices.Equal(got, want) {
		t.Fatalf("diagnostics %v, want the command line's %v", got, want)
	}

	mf := find(t, diags, "mergefrom")
	var related []string
	for _, r := range mf.RelatedInformation {
		if r.Location.URI.Filename() != file {
			t.Errorf("related %+v is in another file", r)
		}
		related = append(related, strconv.Itoa(int(r.Location.Range.Start.Line)+1)+" "+r.Message)
	}
	wantRelated := []string{"76 the assignment to widget.Spec.Size at line 76 changes the base", "77 r.Patch sends the patch"}
	if !slices.Equal(related, wantRelated) {
		t.Errorf("related information %q, want %q", related, wantRelated)
	}

	fix := action(t, c.codeActions(file, mf.Range), "Take the patch base from a copy")
	fixed := applyEdit(t, fix.Edit, file)
	if !strings.Contains(fixed, "\tpatch := client.MergeFrom(widget.DeepCopy())\n") {
		t.Fatalf("the fix gave\n%s", fixed)
	}
	mark = c.mark()
	c.save(file, fixed)
	diags = c.diagnostics(mark, file)
	if got, want := summary(diags), without(want, "mergefrom"); !slices.Equal(got, want) {
		t.Errorf("after the fix and save: %v, want %v", got, want)
	}
}
