// Package doctest_test runs the shell command blocks of the README and of
// docs/ as written, from the directory each one states, in a copy of the
// repository and a fresh GOPATH (the build and module caches are shared,
// so that it takes seconds once they are warm).
//
// Every ```sh block must follow a directive, an HTML comment that readers
// of the rendered Markdown do not see:
//
//	<!-- doc test: from the repository root; exit 3 -->
//	<!-- doc test: from testdata/demo; exits 3 1 -->   (one code per command)
//	<!-- doc test: skip: why it is not run here -->
//
// Each command line runs in its own bash. Besides the exit codes, the test
// checks that a block that runs opvet on the demo prints the demo's
// findings (cmd/opvet/testdata/demo.golden; exactly those when run from
// testdata/demo, standalone and under go vet -vettool: the one test of their
// parity on the demo), that every go vet -vettool command fails when opvet
// is not installed, and that go install ./... installs only opvet.
package doctest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/opvet/opvet/internal/integration"
)

// docs are the files whose blocks run, in this order (the README's
// install block comes before the blocks that use the installed opvet).
var docs = []string{"README.md", "docs/editors.md", "docs/github-actions.md"}

// block is one shell block of a document.
type block struct {
	doc, directive string
	line           int      // of the directive
	commands       []string // one per line, continuations joined
	dir            string   // relative to the repository root; "" when skipped
	codes          []int    // expected exit code per command
}

var directiveRE = regexp.MustCompile(`^<!-- doc test: (.*) -->$`)

// parse returns the sh blocks of a document, with their directives.
func parse(t *testing.T, doc, text string) []block {
	t.Helper()
	var out []block
	lines := strings.Split(text, "\n")
	directive, directiveLine := "", 0
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if m := directiveRE.FindStringSubmatch(line); m != nil {
			directive, directiveLine = m[1], i+1
			continue
		}
		if line != "```sh" {
			if line != "" {
				directive = ""
			}
			continue
		}
		if directive == "" {
			t.Errorf("%s:%d: a sh block without a <!-- doc test: ... --> directive", doc, i+1)
		}
		b := block{doc: doc, directive: directive, line: directiveLine}
		cmd := ""
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			l := lines[i]
			if strings.HasSuffix(l, "\\") {
				cmd += strings.TrimSuffix(l, "\\") + " "
				continue
			}
			if cmd += l; strings.TrimSpace(cmd) != "" {
				b.commands = append(b.commands, cmd)
			}
			cmd = ""
		}
		b.dir, b.codes = parseDirective(t, b)
		out = append(out, b)
		directive = ""
	}
	return out
}

// parseDirective reads "from DIR; exit N" or "from DIR; exits N M ...";
// a skipped block has no directory.
func parseDirective(t *testing.T, b block) (string, []int) {
	t.Helper()
	if strings.HasPrefix(b.directive, "skip: ") {
		return "", nil
	}
	from, codes, ok := strings.Cut(b.directive, "; ")
	dir, ok2 := strings.CutPrefix(from, "from ")
	if !ok || !ok2 {
		t.Errorf("%s:%d: directive %q: want \"from DIR; exit N\" or \"skip: why\"", b.doc, b.line, b.directive)
		return "", nil
	}
	if dir == "the repository root" {
		dir = "."
	}
	var out []int
	for _, f := range strings.Fields(codes)[1:] {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Errorf("%s:%d: exit code %q", b.doc, b.line, f)
		}
		out = append(out, n)
	}
	if len(out) == 1 && len(b.commands) > 1 {
		for len(out) < len(b.commands) {
			out = append(out, out[0])
		}
	}
	if len(out) != len(b.commands) {
		t.Errorf("%s:%d: %d exit codes for %d commands", b.doc, b.line, len(out), len(b.commands))
	}
	return dir, out
}

// sandbox is a copy of the repository with a fresh GOPATH.
type sandbox struct {
	root, gopath string
	env          []string
}

// The copy of the repository lives at the same path in every run (one per
// clone and test), so that the opvet it builds is the same binary from
// run to run: go vet -vettool keys its cache on the tool's content, which
// holds its source paths, and vetting the demo's ~800 dependencies
// afresh takes minutes.
func newSandbox(t *testing.T) *sandbox {
	t.Helper()
	repo := integration.RepoRoot(t)
	root := filepath.Join(os.TempDir(), "opvet-doctest-"+integration.Hash(repo + t.Name())[:12], "opvet")
	if err := os.RemoveAll(root); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(filepath.Dir(root)) })
	s := &sandbox{root: root, gopath: filepath.Join(t.TempDir(), "gopath")}
	integration.CopyDir(t, repo, s.root)
	for _, junk := range []string{".git", "bin"} {
		os.RemoveAll(filepath.Join(s.root, junk))
	}
	s.env = freshGoEnv(t, s.gopath)
	return s
}

// freshGoEnv is an environment whose GOPATH is gopath (its bin first on
// PATH), sharing the caller's build and module caches.
func freshGoEnv(t *testing.T, gopath string) []string {
	t.Helper()
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GOPATH", "GOBIN", "PATH", "GOMODCACHE", "GOCACHE", "GOWORK", "GOFLAGS":
		default:
			env = append(env, kv)
		}
	}
	return append(env,
		"GOPATH="+gopath,
		"PATH="+filepath.Join(gopath, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GOMODCACHE="+goEnv(t, "GOMODCACHE"),
		"GOCACHE="+goEnv(t, "GOCACHE"),
		"GOWORK=off",
		"GOFLAGS="+os.Getenv("GOFLAGS"),
	)
}

func goEnv(t *testing.T, key string) string {
	t.Helper()
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", key, err)
	}
	return strings.TrimSpace(string(out))
}

// run runs one command line with bash in dir (relative to the sandbox).
func (s *sandbox) run(t *testing.T, dir, command string, env []string) integration.Result {
	t.Helper()
	cmd := exec.Command("bash", "-c", command)
	cmd.Dir = filepath.Join(s.root, dir)
	cmd.Env = env
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	t.Logf("%s (in %s): %s", command, dir, time.Since(start).Round(time.Millisecond))
	res := integration.Result{Stdout: stdout.String(), Stderr: stderr.String()}
	if exit, ok := err.(*exec.ExitError); ok {
		res.Code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", command, err)
	}
	return res
}

func TestDocCommands(t *testing.T) {
	integration.SkipIfShort(t, "the documents' commands (they build opvet and run it on the demo)")
	s := newSandbox(t)
	golden := demoFindings(t)
	ran := 0
	for _, doc := range docs {
		data, err := os.ReadFile(filepath.Join(s.root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range parse(t, doc, string(data)) {
			if b.dir == "" {
				continue
			}
			for i, command := range b.commands {
				ran++
				res := s.run(t, b.dir, command, s.env)
				where := doc + ":" + strconv.Itoa(b.line) + ": (cd " + b.dir + " && " + strings.TrimSpace(command) + ")"
				if i < len(b.codes) && res.Code != b.codes[i] {
					t.Errorf("%s: exit %d, want %d\n%s%s", where, res.Code, b.codes[i], res.Stdout, res.Stderr)
				}
				if runsOnDemo(b, command) {
					for _, f := range golden {
						if !strings.Contains(res.Stderr, f) {
							t.Errorf("%s: the output lacks the demo's finding\n%s\noutput:\n%s", where, f, res.Stderr)
						}
					}
				}
				if b.dir == "testdata/demo" {
					// Exactly the demo's findings, standalone and under go vet.
					if got := integration.Findings(res.Stderr, ""); !slices.Equal(got, golden) {
						t.Errorf("%s found\n%s\nwant (cmd/opvet/testdata/demo.golden)\n%s", where, strings.Join(got, "\n"), strings.Join(golden, "\n"))
					}
				}
				if strings.Contains(command, "-vettool=") {
					s.vetWithoutOpvet(t, where, b.dir, command)
				}
			}
		}
	}
	if ran < 4 {
		t.Errorf("ran %d commands of the documents; the directives went missing?", ran)
	}
}

// runsOnDemo tells whether command runs opvet on the demo operator, whose
// findings it must then print.
func runsOnDemo(b block, command string) bool {
	onDemo := b.dir == "testdata/demo" || strings.Contains(command, "testdata/$m") || strings.Contains(command, "testdata/demo")
	return onDemo && strings.Contains(command, "opvet")
}

// vetWithoutOpvet runs a go vet -vettool command where opvet is not
// installed: it must fail, not fall back to plain go vet.
func (s *sandbox) vetWithoutOpvet(t *testing.T, where, dir, command string) {
	t.Helper()
	env := freshGoEnv(t, filepath.Join(t.TempDir(), "empty-gopath"))
	res := s.run(t, dir, command, env)
	if res.Code == 0 || !strings.Contains(res.Stderr, "opvet") {
		t.Errorf("%s without opvet installed: exit %d, want a failure that names opvet\n%s", where, res.Code, res.Stderr)
	}
}

func demoFindings(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(integration.RepoRoot(t), "cmd", "opvet", "testdata", "demo.golden"))
	if err != nil {
		t.Fatal(err)
	}
	return integration.Findings(string(data), "")
}

// TestGoInstallOnlyOpvet: go install ./... from a clone, as pre-commit's
// golang hook does, installs the opvet command and nothing else.
func TestGoInstallOnlyOpvet(t *testing.T) {
	integration.SkipIfShort(t, "go install ./... of the repository")
	s := newSandbox(t)
	gobin := filepath.Join(t.TempDir(), "gobin")
	res := s.run(t, ".", "go install ./...", append(s.env, "GOBIN="+gobin))
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
	for _, doc := range docs {
		data, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range parse(t, doc, string(data)) {
			if b.dir != "" || !strings.Contains(b.directive, ".ci/run") {
				continue
			}
			for _, c := range b.commands {
				n++
				if !strings.Contains(string(ci), strings.TrimSpace(c)) {
					t.Errorf("%s:%d: %q is not in .ci/run as written", doc, b.line, strings.TrimSpace(c))
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
	bs := parse(t, "x.md", text)
	if len(bs) != 2 || bs[0].dir != "testdata/demo" || !slices.Equal(bs[0].codes, []int{3, 1}) || len(bs[0].commands) != 2 || bs[1].dir != "" {
		t.Errorf("parse: %+v", bs)
	}
}
