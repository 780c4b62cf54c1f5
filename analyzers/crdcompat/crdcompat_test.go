package crdcompat_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/crdcompat"
	"github.com/opvet/opvet/internal/checktest"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/internal/testroot"
)

// fixture is a scenario's module, turned into a git repository: the
// files of testdata/base/<scenario> committed and tagged, then the files
// of testdata/src/crdcompat/<scenario> (with the // want comments)
// committed on top.
type fixture struct {
	root string // the GOPATH root for analysistest
	dir  string // the scenario's module and repository
}

// TestMain points the user cache directory (where crdcompat keeps what it
// read from git) at a fresh directory for the test binary, keeping the go
// command's build cache where it is. Entries are keyed by commit, so the
// tests share it safely.
func TestMain(m *testing.M) {
	os.Exit(runIsolated(m))
}

func runIsolated(m *testing.M) int {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "crdcompat-test-")
	if err != nil {
		panic(err)
	}
	defer func() { _ = os.RemoveAll(dir) }()
	for k, v := range map[string]string{"GOCACHE": strings.TrimSpace(string(out)), "XDG_CACHE_HOME": dir, "HOME": dir} {
		if err := os.Setenv(k, v); err != nil {
			panic(err)
		}
	}
	return m.Run()
}

// newFixture builds the repository of scenario with the base commit
// tagged by each of tags (none: the base is not tagged), in a GOPATH root
// of its own.
func newFixture(t *testing.T, scenario string, tags ...string) fixture {
	t.Helper()
	return addFixture(t, testroot.GOPATH(t), scenario, tags...)
}

// addFixture builds the repository of scenario in the GOPATH root.
func addFixture(t *testing.T, root, scenario string, tags ...string) fixture {
	t.Helper()
	f := fixture{root: root, dir: filepath.Join(root, "src", "crdcompat", scenario)}
	cur, err := filepath.Abs(filepath.Join("testdata", "src", "crdcompat", scenario))
	if err != nil {
		t.Fatal(err)
	}
	base, _ := filepath.Abs(filepath.Join("testdata", "base", scenario))
	if err := os.RemoveAll(f.dir); err != nil {
		t.Fatal(err)
	}
	copyTree(t, base, f.dir)
	f.git(t, "init", "-q")
	f.git(t, "add", "-A")
	f.git(t, "commit", "-q", "-m", "base")
	for _, tag := range tags {
		f.git(t, "tag", tag)
	}
	f.replaceTree(t, cur)
	f.git(t, "add", "-A")
	f.git(t, "commit", "-q", "-m", "current")
	return f
}

// replaceTree replaces the work tree (but .git) with a copy of src.
func (f fixture) replaceTree(t *testing.T, src string) {
	t.Helper()
	entries, err := os.ReadDir(f.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != ".git" {
			if err := os.RemoveAll(filepath.Join(f.dir, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	copyTree(t, src, f.dir)
}

// git runs git in the fixture without the user's configuration.
func (f fixture) git(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", f.dir, "-c", "user.name=opvet", "-c", "user.email=opvet@example.com",
		"-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// copyTree copies the files under src to dst (real files: git must not
// commit symbolic links to the test's sources).
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// pkgs names the fixture's packages for analysistest.
func pkgs(scenario string, dirs ...string) []string {
	var out []string
	for _, d := range dirs {
		out = append(out, "crdcompat/"+scenario+"/"+d)
	}
	return out
}

// TestScenarios loads every scenario at once, each its own repository
// with the base tagged v1.0.0: fields (one bad case per field rule and a
// near-miss beside each, against a base read from Go source, alpha
// versions left out), manifest (the base is the committed CRD manifest),
// kinds (versions, storage, scope, plural, a renamed kind), removedkind and
// oddname (a version package in a directory not named like the version).
func TestScenarios(t *testing.T) {
	t.Parallel()
	root := testroot.GOPATH(t)
	var all []string
	for scenario, dirs := range map[string][]string{
		"fields":      {"api/v1", "api/v1alpha1"},
		"manifest":    {"api/v1"},
		"kinds":       {"api/v1", "api/v1beta1"},
		"removedkind": {"api/v1"},
		"oddname":     {"api/v1io"},
	} {
		addFixture(t, root, scenario, "v1.0.0")
		all = append(all, pkgs(scenario, dirs...)...)
	}
	analysistest.Run(t, root, crdcompat.Analyzer, all...)
}

// findings runs a on the fixture's packages and returns its findings and
// the first analysis error.
func findings(t *testing.T, f fixture, a *analysis.Analyzer, pkgs ...string) ([]string, error) {
	t.Helper()
	got, _, err := findingsAndNotes(t, f, a, pkgs...)
	return got, err
}

// findingsAndNotes is findings with the notes of the run, each once.
func findingsAndNotes(t *testing.T, f fixture, a *analysis.Analyzer, pkgs ...string) (got, notes []string, err error) {
	t.Helper()
	seen := map[string]bool{}
	for _, res := range analysistest.Run(discard{}, f.root, a, pkgs...) {
		if res.Err != nil {
			return got, notes, res.Err
		}
		for _, d := range res.Diagnostics {
			p := res.Pass.Fset.Position(d.Pos)
			got = append(got, filepath.Base(p.Filename)+":"+d.Message)
		}
		n, _ := res.Result.(*report.Notes)
		for _, note := range n.NoteList() {
			if !seen[note] {
				seen[note] = true
				notes = append(notes, note)
			}
		}
	}
	sort.Strings(notes)
	return got, notes, nil
}

// oneNote fails unless notes hold exactly one note that contains want.
func oneNote(t *testing.T, what string, notes []string, want string) {
	t.Helper()
	if len(notes) != 1 || !strings.Contains(notes[0], want) {
		t.Errorf("%s: notes %q, want one with %q", what, notes, want)
	}
}

// discard drops analysistest's complaints about // want comments.
type discard struct{}

func (discard) Errorf(string, ...any) {}

// TestSkipPrerelease: with skip-prerelease=false the alpha version's
// change is reported too.
func TestSkipPrerelease(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "fields", "v1.0.0")
	a := checktest.WithOption(t, crdcompat.Check, "skip-prerelease", "false")
	got, err := findings(t, f, a, pkgs("fields", "api/v1alpha1")...)
	want := "Widget v1alpha1 (against v1.0.0): spec.size changed type from integer to string"
	if err != nil || len(got) != 1 || !strings.Contains(got[0], want) {
		t.Errorf("skip-prerelease=false: %q, %v; want one finding %q", got, err, want)
	}
}

// TestAllow: allow entries silence a kind's path and what lies below it;
// malformed entries are refused.
func TestAllow(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "fields", "v1.0.0")
	all, err := findings(t, f, crdcompat.Analyzer, pkgs("fields", "api/v1")...)
	if err != nil {
		t.Fatal(err)
	}
	a := checktest.WithOption(t, crdcompat.Check, "allow", "Widget.spec.mode,Widget.spec.common, Widget.spec.subs[*]")
	got, err := findings(t, f, a, pkgs("fields", "api/v1")...)
	if err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"spec.mode no longer", "spec.common.team", "spec.subs[*].value"} {
		if checktest.Count(got, gone) != 0 || checktest.Count(all, gone) == 0 {
			t.Errorf("allow: %q reported %d times (%d without allow)", gone, checktest.Count(got, gone), checktest.Count(all, gone))
		}
	}
	if checktest.Count(got, "spec.sub.value got the minimum 0") != 1 || len(got) != len(all)-2 {
		t.Errorf("allow: %d findings, want %d:\n%s", len(got), len(all)-2, strings.Join(got, "\n"))
	}
	for _, bad := range []string{"widget.spec", "Widget..size", "Widget.spec size", "Widget.", ".spec"} {
		if err := a.Flags.Set("allow", bad); err == nil {
			t.Errorf("allow=%q accepted", bad)
		}
	}
}

// TestBase: an explicit base; HEAD itself gives nothing to report, a
// revision git does not know is an error, and option-like values are
// refused.
func TestBase(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "fields")
	a := checktest.WithOption(t, crdcompat.Check, "base", "HEAD~1")
	got, err := findings(t, f, a, pkgs("fields", "api/v1")...)
	if err != nil || checktest.Count(got, "(against HEAD~1): spec.mode no longer allows") != 1 {
		t.Errorf("base=HEAD~1: %v\n%s", err, strings.Join(got, "\n"))
	}
	a = checktest.WithOption(t, crdcompat.Check, "base", "HEAD")
	if got, err := findings(t, f, a, pkgs("fields", "api/v1")...); err != nil || checktest.Count(got, "against") != 0 {
		t.Errorf("base=HEAD: %v, %q", err, got)
	}
	a = checktest.WithOption(t, crdcompat.Check, "base", "v9.9.9")
	if _, err := findings(t, f, a, pkgs("fields", "api/v1")...); err == nil || !strings.Contains(err.Error(), `base "v9.9.9" is not a revision of`) {
		t.Errorf("base=v9.9.9: error %v", err)
	}
	for _, bad := range []string{"--output=x", "a b", "v1..v2"} {
		if err := a.Flags.Set("base", bad); err == nil {
			t.Errorf("base=%q accepted", bad)
		}
	}
}

// TestReleaseBranches: at a commit tagged with its own version, the base
// is the highest release below it, also one tagged on another branch
// (ironic-standalone-operator tags each release on its release branch);
// a higher release elsewhere is not.
func TestReleaseBranches(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "oddname", "v0.1.0")
	f.git(t, "checkout", "-q", "-b", "release-1.0", "HEAD~1")
	f.git(t, "commit", "-q", "--allow-empty", "-m", "release 1.0")
	f.git(t, "tag", "v1.0.0")
	f.git(t, "checkout", "-q", "-b", "release-3.0", "v0.1.0")
	f.git(t, "commit", "-q", "--allow-empty", "-m", "release 3.0")
	f.git(t, "tag", "v3.0.0")
	f.git(t, "checkout", "-q", "main")
	f.git(t, "tag", "v2.0.0-rc.1")
	got, err := findings(t, f, crdcompat.Analyzer, pkgs("oddname", "api/v1io")...)
	if err != nil || checktest.Count(got, "(against v1.0.0): spec.mode no longer allows") != 1 {
		t.Errorf("HEAD at v2.0.0-rc.1: %v\n%s", err, strings.Join(got, "\n"))
	}
	// Without a version of its own, HEAD is compared with its history's.
	f.git(t, "tag", "-d", "v2.0.0-rc.1")
	got, err = findings(t, f, crdcompat.Analyzer, pkgs("oddname", "api/v1io")...)
	if err != nil || checktest.Count(got, "(against v0.1.0): spec.mode no longer allows") != 1 {
		t.Errorf("HEAD untagged: %v\n%s", err, strings.Join(got, "\n"))
	}
}

// TestSilent: no release tag, only a prerelease tag, or no repository:
// nothing to compare with, which a note says once. Tags of HEAD itself are
// not the base.
func TestSilent(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "fields", "v2.0.0-rc.1", "api/v1.0.0", "latest")
	run := func(what string) ([]string, []string) {
		t.Helper()
		got, notes, err := findingsAndNotes(t, f, crdcompat.Analyzer, pkgs("fields", "api/v1", "api/v1alpha1")...)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return got, notes
	}
	const noTag = "crdcompat: no semver tag (vX.Y.Z) is reachable from HEAD, so the CRDs of crdcompat/fields were not compared with a release (a shallow clone has no tags: fetch them, or set crdcompat's base)"
	got, notes := run("no release tag")
	if checktest.Count(got, "against") != 0 {
		t.Errorf("no release tag: %q", got)
	}
	oneNote(t, "no release tag", notes, noTag)
	f.git(t, "tag", "v1.1.0") // HEAD's own: still no base
	if got, notes := run("tag on HEAD"); checktest.Count(got, "against") != 0 || len(notes) != 1 || notes[0] != noTag {
		t.Errorf("tag on HEAD only: %q, notes %q", got, notes)
	}
	f.git(t, "tag", "0.9.0", "HEAD~1")
	got, notes = run("tag 0.9.0 on the base")
	if checktest.Count(got, "(against 0.9.0)") == 0 {
		t.Errorf("tag 0.9.0 on the base: %q", got)
	}
	oneNote(t, "tag 0.9.0 on the base", notes, "crdcompat: the CRDs of crdcompat/fields are compared with 0.9.0 (")
	if err := os.RemoveAll(filepath.Join(f.dir, ".git")); err != nil {
		t.Fatal(err)
	}
	got, notes = run("no repository")
	if checktest.Count(got, "against") != 0 {
		t.Errorf("no repository: %q", got)
	}
	oneNote(t, "no repository", notes, "crdcompat: crdcompat/fields is not in a git work tree, so its CRDs were not compared with a release")
}

// TestNewKind: a kind the base does not have is not compared, which a
// note says once for all its versions.
func TestNewKind(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "kinds", "v1.0.0")
	_, notes, err := findingsAndNotes(t, f, crdcompat.Analyzer, pkgs("kinds", "api/v1", "api/v1beta1")...)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"crdcompat: NewName.kinds.example.com is new since v1.0.0: nothing to compare",
		"crdcompat: the CRDs of crdcompat/kinds are compared with v1.0.0 (",
	}
	if len(notes) != len(want) {
		t.Fatalf("notes %q, want %q", notes, want)
	}
	for i, w := range want {
		if !strings.HasPrefix(notes[i], w) {
			t.Errorf("note %d: %q, want %q", i, notes[i], w)
		}
	}
}

// TestGitOnce: git runs once per run for the base (one for-each-ref,
// one ls-tree, cat-file per round of imports), whatever the number of
// packages, and not at all on the next run.
func TestGitOnce(t *testing.T) {
	f := newFixture(t, "kinds", "v1.0.0")
	real, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	log := filepath.Join(bin, "log")
	script := "#!/bin/sh\necho \"$1 $2 $3 $4\" >> " + log + "\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for run := 0; run < 2; run++ {
		if _, err := findings(t, f, crdcompat.Analyzer, pkgs("kinds", "api/v1", "api/v1beta1")...); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(log)
		calls := strings.Count(string(data), "\n")
		if want := []int{3, 3}[run]; calls != want || strings.Count(string(data), "for-each-ref") != 1 || strings.Count(string(data), "ls-tree") != 1 {
			t.Errorf("run %d: %d git calls, want %d:\n%s", run+1, calls, want, data)
		}
	}
}
