// Package doctest_test runs the commands of the README and docs/ (see
// package doctest), but for those marked "alone", which doctest/demo runs.
package doctest_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/integration"
	"github.com/opvet/opvet/internal/integration/doctest"
)

func TestDocCommands(t *testing.T) {
	if ran := doctest.RunCommands(t, false); ran < 3 {
		t.Errorf("ran %d commands of the documents; the directives went missing?", ran)
	}
}

// TestGoInstallOnlyOpvet: go install ./... from a clone, as pre-commit's
// golang hook does, installs the opvet command and nothing else.
func TestGoInstallOnlyOpvet(t *testing.T) {
	integration.SkipIfShort(t, "go install ./... of the repository")
	s := doctest.NewSandbox(t)
	gobin := filepath.Join(t.TempDir(), "gobin")
	res := s.Run(t, ".", "go install ./...", append(s.Env, "GOBIN="+gobin))
	if res.Code != 0 {
		t.Fatalf("go install ./...: exit %d\n%s", res.Code, res.Stderr)
	}
	entries, err := os.ReadDir(gobin)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"opvet"}) {
		t.Errorf("go install ./... installed %v, want only opvet", names)
	}
}

// TestCIRunsSkippedBlocks: a block skipped here because .ci/run runs it
// (the golangci-lint build) is in .ci/run as written.
func TestCIRunsSkippedBlocks(t *testing.T) {
	root := integration.RepoRoot(t)
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, doc := range doctest.Docs {
		data, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range doctest.Parse(t, doc, string(data)) {
			if b.Dir != "" || !strings.Contains(b.Directive, ".ci/run") {
				continue
			}
			for _, c := range b.Commands {
				n++
				if !strings.Contains(string(ci), strings.TrimSpace(c)) {
					t.Errorf("%s:%d: %q is not in .ci/run as written", doc, b.Line, strings.TrimSpace(c))
				}
			}
		}
	}
	if n == 0 {
		t.Error("no block says that .ci/run runs it")
	}
}

// TestDirectives: the parser finds the blocks and reads their directives.
func TestDirectives(t *testing.T) {
	text := "<!-- doc test: from testdata/demo; exits 3 1 -->\n```sh\nopvet ./...  # x\ngo vet \\\n  ./...\n```\n" +
		"\n<!-- doc test: skip: slow -->\n\n```sh\ngo test ./...\n```\n"
	bs := doctest.Parse(t, "x.md", text)
	if len(bs) != 2 || bs[0].Dir != "testdata/demo" || !slices.Equal(bs[0].Codes, []int{3, 1}) || len(bs[0].Commands) != 2 || bs[1].Dir != "" {
		t.Errorf("parse: %+v", bs)
	}
}
