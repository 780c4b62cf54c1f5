// Package integration holds helpers for opvet's end-to-end tests: tests that
// build a tool (opvet, a custom golangci-lint), run it on the real operator
// modules under testdata/ and compare what it prints.
package integration

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/opvet/opvet/internal/testroot"
)

var (
	opvetOnce  sync.Once
	opvetPath  string
	opvetError string
)

// Opvet builds cmd/opvet once per test process and returns its path; the
// directory is removed at the end of the process by CleanupOpvet. The
// build uses -trimpath, so that the binary is the same from run to run and
// go vet -vettool keeps its results in the build cache.
func Opvet(t testing.TB) string {
	t.Helper()
	opvetOnce.Do(func() {
		dir, err := os.MkdirTemp("", "opvet-e2e-")
		if err != nil {
			opvetError = err.Error()
			return
		}
		opvetPath = filepath.Join(dir, "opvet")
		res := Run(t, filepath.Join(RepoRoot(t), "cmd", "opvet"), nil, "go", "build", "-trimpath", "-o", opvetPath, ".")
		if res.Code != 0 {
			opvetError = res.Stderr
		}
	})
	if opvetError != "" {
		t.Fatalf("building opvet: %s", opvetError)
	}
	return opvetPath
}

// CleanupOpvet removes the binary Opvet built, if any; call it from
// TestMain after the tests.
func CleanupOpvet() {
	if opvetPath != "" {
		os.RemoveAll(filepath.Dir(opvetPath))
	}
}

// Module returns the absolute path of the testdata module name of the
// repository. The modules need the Go module proxy (or a filled module
// cache): tests that use them are skipped under -short.
func Module(t testing.TB, name string) string {
	t.Helper()
	SkipIfShort(t, "the end-to-end tests on the testdata modules")
	return filepath.Join(RepoRoot(t), "testdata", name)
}

// RepoRoot returns the root of the opvet module.
func RepoRoot(t testing.TB) string {
	t.Helper()
	return filepath.Dir(testroot.Shared(t))
}

// SkipIfShort skips a test that downloads modules or builds large tools.
func SkipIfShort(t testing.TB, what string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: skipping %s (it needs the Go module proxy or a long build)", what)
	}
}

// GoEnv is the environment for go commands run on the modules under
// testdata: no workspace, and go.mod and go.sum taken as they are.
func GoEnv() []string {
	return []string{"GOWORK=off", "GOFLAGS=" + strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=readonly")}
}

// Result is the outcome of one command.
type Result struct {
	Stdout, Stderr string
	Code           int // exit code; -1 if the command did not start
}

// Run runs name with args in dir, with env added to the environment.
func Run(t testing.TB, dir string, env []string, name string, args ...string) Result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := Result{Stdout: stdout.String(), Stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		res.Code = exit.ExitCode()
	default:
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return res
}

// Findings returns the diagnostic lines of out ("file:line:col: message"),
// with dir's prefix and "./" removed from file names, sorted. Lines that
// are not diagnostics (go vet's "# package" headers, blank lines, and the
// related places it prints after a finding, "file:line:col: \tmessage")
// are dropped.
func Findings(out, dir string) []string {
	var lines []string
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		line = strings.TrimPrefix(line, dir+string(filepath.Separator))
		line = strings.TrimPrefix(line, "./")
		if line == "" || strings.HasPrefix(line, "#") || !strings.Contains(line, ".go:") || isRelated(line) {
			continue
		}
		lines = append(lines, filepath.ToSlash(line))
	}
	slices.Sort(lines)
	return lines
}

// isRelated tells whether a line of go vet's output is a related place of
// the finding before it: its message starts with a tab.
func isRelated(line string) bool {
	parts := strings.SplitN(line, ": ", 2)
	return len(parts) == 2 && strings.HasPrefix(parts[1], "\t")
}

// CopyDir copies the regular files of the tree src to dst, except .git
// directories and the paths in skip (slash-separated, relative to src):
// build outputs such as bin/ can weigh hundreds of megabytes, and the
// tests that copy the repository run in parallel on one disk.
func CopyDir(t testing.TB, src, dst string, skip ...string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if rel != "." && (d.Name() == ".git" || slices.Contains(skip, filepath.ToSlash(rel))) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying %s: %v", src, err)
	}
}

// Golden compares got with the golden file path, or rewrites the file when
// update is set.
func Golden(t testing.TB, path string, got []string, update bool) {
	t.Helper()
	text := strings.Join(got, "\n")
	if text != "" {
		text += "\n"
	}
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (regenerate with -update)", err)
	}
	if string(want) != text {
		t.Errorf("output differs from %s (regenerate with -update after checking it):\n--- got\n%s--- want\n%s", path, text, want)
	}
}

// Without returns the lines of findings whose message is not from check.
func Without(findings []string, check string) []string {
	var out []string
	for _, f := range findings {
		if Check(f) != check {
			out = append(out, f)
		}
	}
	return out
}

// Check returns the check name of a finding line ("file:l:c: check: msg").
func Check(finding string) string {
	_, rest, ok := strings.Cut(finding, ": ")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, ": ")
	return name
}

// SourceHash hashes the Go sources and module files of the tree root:
// every go.mod, go.sum and non-test .go file, skipping testdata and
// hidden directories and the directories named in skip (relative to root).
func SourceHash(t testing.TB, root string, skip ...string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		name := d.Name()
		if d.IsDir() {
			if rel != "." && (name == "testdata" || strings.HasPrefix(name, ".") || slices.Contains(skip, rel)) {
				return filepath.SkipDir
			}
			return nil
		}
		if name != "go.mod" && name != "go.sum" && (!strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go")) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", rel, len(data))
		h.Write(data)
		return nil
	})
	if err != nil {
		t.Fatalf("hashing %s: %v", root, err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// cacheDir is where CachedBinary keeps binaries between test runs.
func cacheDir() string {
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	return filepath.Join(base, "opvet-test")
}

// CachedPath returns the path of the binary name that CachedBinary built
// for key, or "" when there is none.
func CachedPath(name, key string) string {
	if len(key) > 16 {
		key = key[:16]
	}
	bin := filepath.Join(cacheDir(), name+"-"+key, name)
	if _, err := os.Stat(bin); err != nil {
		return ""
	}
	return bin
}

// CachedBinary returns the path of a binary built by build, which it calls
// only when the user cache (os.UserCacheDir()/opvet-test) holds no binary
// for name and key. Older binaries of name are removed.
func CachedBinary(t testing.TB, name, key string, build func(out string)) string {
	t.Helper()
	base := cacheDir()
	if len(key) > 16 {
		key = key[:16]
	}
	dir := filepath.Join(base, name+"-"+key)
	bin := filepath.Join(dir, name)
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	if err := os.MkdirAll(base, 0o755); err != nil {
		t.Fatal(err)
	}
	tmp, err := os.MkdirTemp(base, name+"-build-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	build(filepath.Join(tmp, name))
	if t.Failed() {
		t.FailNow()
	}
	old, _ := filepath.Glob(filepath.Join(base, name+"-*"))
	for _, o := range old {
		if o != tmp {
			os.RemoveAll(o)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(bin); statErr != nil { // not built by a racing test either
			t.Fatal(err)
		}
	}
	return bin
}

// Hash returns the hex SHA-256 of s.
func Hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Position parses the "file:line:" start of a finding.
func Position(t testing.TB, finding string) (string, int) {
	t.Helper()
	parts := strings.SplitN(finding, ":", 3)
	if len(parts) < 3 {
		t.Fatalf("not a finding: %q", finding)
	}
	n, err := strconv.Atoi(parts[1])
	if err != nil {
		t.Fatalf("not a finding: %q", finding)
	}
	return parts[0], n
}

// LineOf returns line (1-based) of the file at path.
func LineOf(t testing.TB, path string, line int) string {
	t.Helper()
	lines := readLines(t, path)
	if line < 1 || line > len(lines) {
		t.Fatalf("%s has no line %d", path, line)
	}
	return lines[line-1]
}

// EditLine replaces line (1-based) of the file at path by edit(line).
func EditLine(t testing.TB, path string, line int, edit func(string) string) {
	t.Helper()
	lines := readLines(t, path)
	if line < 1 || line > len(lines) {
		t.Fatalf("%s has no line %d", path, line)
	}
	lines[line-1] = edit(lines[line-1])
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readLines(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(data), "\n")
}

// WithoutAll returns the items of list that are not in remove.
func WithoutAll(list, remove []string) []string {
	var out []string
	for _, s := range list {
		if !slices.Contains(remove, s) {
			out = append(out, s)
		}
	}
	return out
}
