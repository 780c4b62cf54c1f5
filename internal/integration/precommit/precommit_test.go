// Package precommit_test proves the opvet hook of .pre-commit-hooks.yaml
// with the real pre-commit: a throwaway git repository of the demo operator
// points its .pre-commit-config.yaml at this repository (a local path and
// its current commit, HEAD: uncommitted changes are not seen), and
// `pre-commit run --all-files` must fail with opvet's findings, then pass
// once they are suppressed.
package precommit_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/integration"
)

func TestPreCommitHook(t *testing.T) {
	integration.SkipIfShort(t, "the pre-commit hook test (it installs opvet with go install)")
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed (Debian: apt-get install pre-commit; .ci/run installs it)")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := integration.RepoRoot(t)
	rev := strings.TrimSpace(git(t, root, "rev-parse", "HEAD"))

	golden, err := os.ReadFile(filepath.Join(root, "cmd", "opvet", "testdata", "demo.golden"))
	if err != nil {
		t.Fatal(err)
	}
	findings := integration.Findings(string(golden), "")
	if len(findings) == 0 {
		t.Skip("the demo has no findings yet")
	}

	dir := t.TempDir()
	integration.CopyDir(t, filepath.Join(root, "testdata", "demo"), dir)
	config := "repos:\n  - repo: " + root + "\n    rev: " + rev + "\n    hooks:\n      - id: opvet\n"
	if err := os.WriteFile(filepath.Join(dir, ".pre-commit-config.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "init", "-q")
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "demo operator")

	res := preCommit(t, dir)
	if res.Code == 0 {
		t.Fatalf("pre-commit passed on the demo, whose findings are\n%s\noutput:\n%s", strings.Join(findings, "\n"), res.Stdout+res.Stderr)
	}
	out := res.Stdout + res.Stderr
	for _, f := range findings {
		if !strings.Contains(out, f) {
			t.Errorf("pre-commit output lacks the finding %s\noutput:\n%s", f, out)
		}
	}

	// Drop the environments of earlier commits from the cache once done.
	t.Cleanup(func() { preCommitCmd(t, dir, "gc") })

	suppress(t, dir, findings)
	git(t, dir, "commit", "-q", "-a", "-m", "suppress opvet's findings")
	if res := preCommit(t, dir); res.Code != 0 {
		t.Errorf("pre-commit failed once every finding was suppressed: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
	}
}

// preCommit runs the hook on every file of the repository in dir.
func preCommit(t *testing.T, dir string) integration.Result {
	t.Helper()
	return preCommitCmd(t, dir, "run", "--all-files", "--show-diff-on-failure")
}

// preCommitCmd runs pre-commit with args. Its environments (opvet
// installed per rev) are cached beside the test's other builds.
func preCommitCmd(t *testing.T, dir string, args ...string) integration.Result {
	t.Helper()
	home, err := os.UserCacheDir()
	if err != nil {
		home = os.TempDir()
	}
	env := []string{
		"PRE_COMMIT_HOME=" + filepath.Join(home, "opvet-test", "pre-commit"),
		"PRE_COMMIT_COLOR=never",
	}
	env = append(env, integration.GoEnv()...)
	return integration.Run(t, dir, env, "pre-commit", args...)
}

// suppress puts an //opvet:ignore directive above each line with findings,
// naming the checks reported there.
func suppress(t *testing.T, dir string, findings []string) {
	t.Helper()
	checks := map[string]map[int][]string{} // file -> line -> checks
	for _, f := range findings {
		file, line := integration.Position(t, f)
		if checks[file] == nil {
			checks[file] = map[int][]string{}
		}
		if c := integration.Check(f); !slices.Contains(checks[file][line], c) {
			checks[file][line] = append(checks[file][line], c)
		}
	}
	for file, byLine := range checks {
		var lines []int
		for l := range byLine {
			lines = append(lines, l)
		}
		sort.Sort(sort.Reverse(sort.IntSlice(lines))) // bottom up: insertions keep the lines above
		for _, l := range lines {
			directive := "//opvet:ignore " + strings.Join(byLine[l], ",") + " the pre-commit test suppresses it"
			integration.EditLine(t, filepath.Join(dir, file), l, func(s string) string {
				return directive + "\n" + s
			})
		}
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	env := []string{
		"GIT_AUTHOR_NAME=opvet test", "GIT_AUTHOR_EMAIL=test@opvet.invalid",
		"GIT_COMMITTER_NAME=opvet test", "GIT_COMMITTER_EMAIL=test@opvet.invalid",
		"GIT_CONFIG_GLOBAL=/dev/null",
	}
	res := integration.Run(t, dir, env, "git", args...)
	if res.Code != 0 {
		t.Fatalf("git %s: exit %d\n%s", strings.Join(args, " "), res.Code, res.Stderr)
	}
	return res.Stdout
}
