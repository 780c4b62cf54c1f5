// Package doctest runs the shell command blocks of the README and of
// docs/ as written, from the directory each one states, in a copy of the
// repository and a fresh GOPATH (the build and module caches are shared,
// so that it takes seconds once they are warm). Its tests, and those of
// doctest/demo, call it.
//
// Every ```sh block must follow a directive, an HTML comment that readers
// of the rendered Markdown do not see:
//
//	<!-- doc test: from the repository root; exit 3 -->
//	<!-- doc test: from testdata/demo; exits 3 1 -->   (one code per command)
//	<!-- doc test: from the repository root; exit 3; alone -->   (in doctest/demo)
//	<!-- doc test: skip: why it is not run here -->
//
// Each command line runs in its own bash. Besides the exit codes, it
// checks that a block that runs opvet on the demo prints the demo's
// findings (cmd/opvet/testdata/demo.golden; exactly those when run from
// testdata/demo, standalone and under go vet -vettool: the one test of their
// parity on the demo), and that every go vet -vettool command fails when
// opvet is not installed.
package doctest

import (
	"errors"
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

// Docs are the files whose blocks run, in this order (the README's
// install block comes before the blocks that use the installed opvet).
var Docs = []string{"README.md", "docs/editors.md", "docs/github-actions.md"}

// Block is one shell block of a document.
type Block struct {
	Doc, Directive string
	Line           int      // of the directive
	Commands       []string // one per line, continuations joined
	Dir            string   // relative to the repository root; "" when skipped
	Codes          []int    // expected exit code per command
	// Alone marks a block whose directive ends in "; alone": it runs in a
	// test package of its own (internal/integration/doctest/demo), so that
	// no package exceeds go test's budget when the caches are cold.
	Alone bool
}

var directiveRE = regexp.MustCompile(`^<!-- doc test: (.*) -->$`)

// Parse returns the sh blocks of a document, with their directives.
func Parse(t *testing.T, doc, text string) []Block {
	t.Helper()
	var out []Block
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
		b := Block{Doc: doc, Directive: directive, Line: directiveLine}
		cmd := ""
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			l := lines[i]
			if strings.HasSuffix(l, "\\") {
				cmd += strings.TrimSuffix(l, "\\") + " "
				continue
			}
			if cmd += l; strings.TrimSpace(cmd) != "" {
				b.Commands = append(b.Commands, cmd)
			}
			cmd = ""
		}
		b.Dir, b.Codes = parseDirective(t, &b)
		out = append(out, b)
		directive = ""
	}
	return out
}

// parseDirective reads "from DIR; exit N" or "from DIR; exits N M ...",
// optionally followed by "; alone";
// a skipped block has no directory.
func parseDirective(t *testing.T, b *Block) (string, []int) {
	t.Helper()
	if strings.HasPrefix(b.Directive, "skip: ") {
		return "", nil
	}
	directive, alone := strings.CutSuffix(b.Directive, "; alone")
	b.Alone = alone
	from, codes, ok := strings.Cut(directive, "; ")
	dir, ok2 := strings.CutPrefix(from, "from ")
	if !ok || !ok2 {
		t.Errorf("%s:%d: directive %q: want \"from DIR; exit N\" or \"skip: why\"", b.Doc, b.Line, b.Directive)
		return "", nil
	}
	if dir == "the repository root" {
		dir = "."
	}
	var out []int
	for _, f := range strings.Fields(codes)[1:] {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Errorf("%s:%d: exit code %q", b.Doc, b.Line, f)
		}
		out = append(out, n)
	}
	if len(out) == 1 && len(b.Commands) > 1 {
		for len(out) < len(b.Commands) {
			out = append(out, out[0])
		}
	}
	if len(out) != len(b.Commands) {
		t.Errorf("%s:%d: %d exit codes for %d commands", b.Doc, b.Line, len(out), len(b.Commands))
	}
	return dir, out
}

// Sandbox is a copy of the repository with a fresh GOPATH.
type Sandbox struct {
	Root   string   // the copy of the repository
	Env    []string // the environment of its commands
	gopath string
}

// NewSandbox copies the repository to a path that is the same in every
// run (one per clone and test), so that the opvet it builds is the same
// binary from run to run: go vet -vettool keys its cache on the tool's
// content, which holds its source paths, and vetting the demo's ~800
// dependencies afresh takes minutes.
func NewSandbox(t *testing.T) *Sandbox {
	t.Helper()
	repo := integration.RepoRoot(t)
	root := filepath.Join(os.TempDir(), "opvet-doctest-"+integration.Hash(repo + t.Name())[:12], "opvet")
	if err := os.RemoveAll(root); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(filepath.Dir(root)) })
	s := &Sandbox{Root: root, gopath: filepath.Join(t.TempDir(), "gopath")}
	// Not the build outputs that .gitignore names at the root: bin/ holds
	// the golangci-lint that .ci/run builds (about 150 MB per copy).
	integration.CopyDir(t, repo, s.Root, "bin", "opvet")
	s.Env = freshGoEnv(t, s.gopath)
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

// Run runs one command line with bash in dir (relative to the sandbox).
func (s *Sandbox) Run(t *testing.T, dir, command string, env []string) integration.Result {
	t.Helper()
	cmd := exec.Command("bash", "-c", command)
	cmd.Dir = filepath.Join(s.Root, dir)
	cmd.Env = env
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	t.Logf("%s (in %s): %s", command, dir, time.Since(start).Round(time.Millisecond))
	res := integration.Result{Stdout: stdout.String(), Stderr: stderr.String()}
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		res.Code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", command, err)
	}
	return res
}

// RunCommands runs the blocks of Docs whose Alone is alone, in order, and
// returns how many commands ran.
func RunCommands(t *testing.T, alone bool) int {
	t.Helper()
	integration.SkipIfShort(t, "the documents' commands (they build opvet and run it on the demo)")
	s := NewSandbox(t)
	golden := demoFindings(t)
	ran := 0
	for _, doc := range Docs {
		data, err := os.ReadFile(filepath.Join(s.Root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range Parse(t, doc, string(data)) {
			if b.Dir == "" || b.Alone != alone {
				continue
			}
			for i, command := range b.Commands {
				ran++
				res := s.Run(t, b.Dir, command, s.Env)
				where := doc + ":" + strconv.Itoa(b.Line) + ": (cd " + b.Dir + " && " + strings.TrimSpace(command) + ")"
				if i < len(b.Codes) && res.Code != b.Codes[i] {
					t.Errorf("%s: exit %d, want %d\n%s%s", where, res.Code, b.Codes[i], res.Stdout, res.Stderr)
				}
				if runsOnDemo(b, command) {
					for _, f := range golden {
						if !strings.Contains(res.Stderr, f) {
							t.Errorf("%s: the output lacks the demo's finding\n%s\noutput:\n%s", where, f, res.Stderr)
						}
					}
				}
				if b.Dir == "testdata/demo" {
					// Exactly the demo's findings, standalone and under go vet.
					if got := integration.Findings(res.Stderr, ""); !slices.Equal(got, golden) {
						t.Errorf("%s found\n%s\nwant (cmd/opvet/testdata/demo.golden)\n%s", where, strings.Join(got, "\n"), strings.Join(golden, "\n"))
					}
				}
				if strings.Contains(command, "-vettool=") {
					s.vetWithoutOpvet(t, where, b.Dir, command)
				}
			}
		}
	}
	return ran
}

// runsOnDemo tells whether command runs opvet on the demo operator, whose
// findings it must then print.
func runsOnDemo(b Block, command string) bool {
	onDemo := b.Dir == "testdata/demo" || strings.Contains(command, "testdata/$m") || strings.Contains(command, "testdata/demo")
	return onDemo && strings.Contains(command, "opvet")
}

// vetWithoutOpvet runs a go vet -vettool command where opvet is not
// installed: it must fail, not fall back to plain go vet.
func (s *Sandbox) vetWithoutOpvet(t *testing.T, where, dir, command string) {
	t.Helper()
	env := freshGoEnv(t, filepath.Join(t.TempDir(), "empty-gopath"))
	res := s.Run(t, dir, command, env)
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
