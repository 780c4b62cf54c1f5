package crdcompat

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/semver"
)

// gitTimeout bounds one git command.
const gitTimeout = 2 * time.Minute

// repo is the git repository that holds a module, found from the files
// of its work tree without running git.
type repo struct {
	top    string // the work tree's root
	gitDir string // its git directory (a linked work tree's own one)
	common string // the directory that holds refs and packed-refs
}

// findRepo returns the repository whose work tree holds dir, or nil.
func findRepo(dir string) *repo {
	for d := dir; ; {
		p := filepath.Join(d, ".git")
		if fi, err := os.Stat(p); err == nil {
			r := &repo{top: d, gitDir: p}
			if !fi.IsDir() {
				r.gitDir = linkedGitDir(d, p)
				if r.gitDir == "" {
					return nil
				}
			}
			r.common = r.gitDir
			if b, err := os.ReadFile(filepath.Join(r.gitDir, "commondir")); err == nil {
				r.common = absFrom(r.gitDir, strings.TrimSpace(string(b)))
			}
			return r
		}
		parent := filepath.Dir(d)
		if parent == d {
			return nil
		}
		d = parent
	}
}

// linkedGitDir reads the `gitdir: <path>` of a .git file (a linked work
// tree or a submodule).
func linkedGitDir(top, file string) string {
	b, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return ""
	}
	return absFrom(top, strings.TrimSpace(rest))
}

func absFrom(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// head returns the commit HEAD names, read from HEAD and the ref it points
// to (loose or packed); ok is false when the files do not tell (a
// reftable repository, an unborn branch).
func (r *repo) head() (string, bool) {
	b, err := os.ReadFile(filepath.Join(r.gitDir, "HEAD"))
	if err != nil {
		return "", false
	}
	s := strings.TrimSpace(string(b))
	if ref, ok := strings.CutPrefix(s, "ref:"); ok {
		return r.ref(strings.TrimSpace(ref))
	}
	return s, isHash(s)
}

// ref returns the object a full ref name points to, from the loose ref
// files or packed-refs.
func (r *repo) ref(name string) (string, bool) {
	if strings.Contains(name, "..") {
		return "", false
	}
	for _, d := range []string{r.gitDir, r.common} {
		if b, err := os.ReadFile(filepath.Join(d, filepath.FromSlash(name))); err == nil {
			if s := strings.TrimSpace(string(b)); isHash(s) {
				return s, true
			}
		}
	}
	f, err := os.Open(filepath.Join(r.common, "packed-refs"))
	if err != nil {
		return "", false
	}
	defer func() { _ = f.Close() }()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		hash, ref, ok := strings.Cut(sc.Text(), " ")
		if ok && ref == name && isHash(hash) {
			return hash, true
		}
	}
	return "", false
}

// refsState describes the refs that can change what a base names without
// HEAD moving: packed-refs and the tag directory (a new tag), and the
// loose refs that the base option may name.
func (r *repo) refsState(base string) string {
	var b strings.Builder
	for _, p := range []string{"packed-refs", "refs/tags"} {
		if fi, err := os.Stat(filepath.Join(r.common, filepath.FromSlash(p))); err == nil {
			fmt.Fprintf(&b, "%s:%d:%d;", p, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	if base != "" {
		for _, prefix := range []string{"refs/tags/", "refs/heads/", "refs/remotes/", ""} {
			if h, ok := r.ref(prefix + base); ok {
				fmt.Fprintf(&b, "%s%s=%s;", prefix, base, h)
			}
		}
	}
	return b.String()
}

func isHash(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	return strings.Trim(s, "0123456789abcdef") == ""
}

// git runs git in the repository's work tree and returns its output.
func (r *repo) git(stdin io.Reader, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", r.top}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "GIT_TERMINAL_PROMPT=0")
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out, nil
}

// headByGit asks git for HEAD's commit.
func (r *repo) headByGit() (string, error) {
	out, err := r.git(nil, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// errNoTag: no release tag is reachable from HEAD.
var errNoTag = errors.New("no semver tag (vX.Y.Z) is reachable from HEAD")

// newestTag returns the release tag (vX.Y.Z or X.Y.Z, no prerelease)
// to compare HEAD with, and the commit it names. When HEAD carries a
// version tag of its own (a release or a prerelease), it is the highest
// release below that version, wherever it lies: projects that tag each
// release on its own branch (release-0.10's v0.10.3) have none of the
// previous releases in HEAD's history but the first. Otherwise it is
// the highest release tag that HEAD's history holds; HEAD's own tags are
// never the base.
func (r *repo) newestTag(head string) (tag, commit string, err error) {
	candidates, err := r.tags("--merged", "HEAD", "refs/tags") // HEAD's own tags too
	if err != nil {
		return "", "", err
	}
	own := ""
	for _, t := range candidates {
		if v := tagVersion(t.name); v != "" && t.commit == head && (own == "" || semver.Compare(v, own) > 0) {
			own = v
		}
	}
	if own != "" {
		if candidates, err = r.tags("refs/tags"); err != nil {
			return "", "", err
		}
	}
	best := ""
	for _, t := range candidates {
		v := releaseVersion(t.name)
		if v == "" || t.commit == head || (own != "" && semver.Compare(v, own) >= 0) {
			continue
		}
		if best == "" || semver.Compare(v, releaseVersion(best)) > 0 {
			best, commit = t.name, t.commit
		}
	}
	if best == "" {
		return "", "", errNoTag
	}
	return best, commit, nil
}

// tagRef is a tag and the commit it names.
type tagRef struct{ name, commit string }

// tags lists the tags that for-each-ref selects with args.
func (r *repo) tags(args ...string) ([]tagRef, error) {
	out, err := r.git(nil, append([]string{"for-each-ref", "--format=%(refname:short) %(objectname) %(*objectname)"}, args...)...)
	if err != nil {
		return nil, err
	}
	var refs []tagRef
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		t := tagRef{f[0], f[1]}
		if len(f) == 3 {
			t.commit = f[2] // an annotated tag: the commit it points to
		}
		refs = append(refs, t)
	}
	return refs, nil
}

// tagVersion returns the semantic version of a version tag name, a
// prerelease too (v1.2.3-rc.1), or "".
func tagVersion(tag string) string {
	v := tag
	if !strings.HasPrefix(v, "v") {
		v = "v" + v
	}
	if !semver.IsValid(v) || strings.Count(strings.SplitN(v, "-", 2)[0], ".") != 2 {
		return ""
	}
	return v
}

// releaseVersion returns the semantic version of a release tag name
// (v1.2.3 or 1.2.3), or "" for other tags and prereleases.
func releaseVersion(tag string) string {
	if v := tagVersion(tag); semver.Prerelease(v) == "" {
		return v
	}
	return ""
}

// commitOf resolves a revision the user named to a commit.
func (r *repo) commitOf(rev string) (string, error) {
	out, err := r.git(nil, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("base %q is not a revision of %s", rev, r.top)
	}
	return strings.TrimSpace(string(out)), nil
}

// treeEntry is a file of a commit's tree.
type treeEntry struct {
	path, hash string
	size       int64
}

// tree lists the files of commit (paths relative to the work tree's root).
func (r *repo) tree(commit string) ([]treeEntry, error) {
	out, err := r.git(nil, "ls-tree", "-r", "-z", "--long", "--full-tree", commit)
	if err != nil {
		return nil, err
	}
	var entries []treeEntry
	for _, rec := range bytes.Split(out, []byte{0}) {
		meta, path, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok {
			continue
		}
		f := strings.Fields(string(meta))
		if len(f) != 4 || f[1] != "blob" {
			continue // submodules, symbolic links are blobs too but harmless
		}
		size, _ := strconv.ParseInt(f[3], 10, 64)
		entries = append(entries, treeEntry{path: string(path), hash: f[2], size: size})
	}
	return entries, nil
}

// blobs reads the contents of the given blobs with one git cat-file.
func (r *repo) blobs(hashes []string) (map[string][]byte, error) {
	out := map[string][]byte{}
	if len(hashes) == 0 {
		return out, nil
	}
	data, err := r.git(strings.NewReader(strings.Join(hashes, "\n")+"\n"), "cat-file", "--batch")
	if err != nil {
		return nil, err
	}
	for len(data) > 0 {
		nl := bytes.IndexByte(data, '\n')
		if nl < 0 {
			break
		}
		f := strings.Fields(string(data[:nl]))
		data = data[nl+1:]
		if len(f) != 3 {
			continue // "<hash> missing"
		}
		size, err := strconv.Atoi(f[2])
		if err != nil || size > len(data) {
			return nil, fmt.Errorf("git cat-file: malformed output")
		}
		out[f[0]] = data[:size]
		data = data[size:]
		if len(data) > 0 && data[0] == '\n' {
			data = data[1:]
		}
	}
	return out, nil
}
