// Package gomod finds and parses the go.mod of the module a package belongs
// to, for checks that report findings in go.mod, and decides which one
// package of the module reports them, so that each go.mod finding appears
// exactly once per run in every driver.
//
// # Finding the go.mod
//
// The pass walks up from the directory of the package's files to the first
// directory holding a go.mod. In a go.work workspace that is the package's
// own module, so each module's go.mod is checked for its own packages. The
// go.mod is read with os.ReadFile: analysis.Pass.ReadFile only serves the
// package's own files (Files, OtherFiles, IgnoredFiles) and refuses go.mod
// in the standalone and vet drivers of golang.org/x/tools. A go.mod that is
// absent or unreadable makes the result nil: the checks stay silent.
//
// # The reporting package
//
// Per-package drivers (go vet -vettool, nogo) run one process per package,
// so a go.mod finding must be reported by exactly one package of the module,
// chosen the same way by every process without parsing any Go code: the
// package in the first directory, in depth-first lexical order from the
// module root (the root itself first), that holds a non-test .go file the
// default build context accepts. Directories named testdata or vendor,
// hidden (.x) or underscore (_x) directories, the module's ignore
// directives and nested modules (directories with their own go.mod) are
// skipped, as the go command skips them for ./... . External test packages
// (package x_test) never report, so that test variants do not duplicate the
// findings; the x/tools drivers drop diagnostics repeated by a package and
// its test variant. A run on a subset of the module's packages that excludes
// the reporting package reports no go.mod findings.
//
// The pass never reports.
package gomod

import (
	"bytes"
	"go/build"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/runcache"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

// Module is the result of the pass: nil when the package has no go.mod.
// It is immutable once Run returns (checks read it concurrently); readers
// must not modify Data or File.
type Module struct {
	// GoMod is the go.mod's absolute file name; Dir the module root.
	GoMod, Dir string
	// Reporter tells whether this package is the one that reports the
	// module's go.mod findings. The fields below are set only then.
	Reporter bool
	// Data is the go.mod's content; Tok its token.File in pass.Fset, so
	// that diagnostics and suggested fixes can point into it.
	Data []byte
	Tok  *token.File
	// File is the parsed go.mod, nil when it does not parse; Err is then
	// the parse error (a modfile.ErrorList).
	File *modfile.File
	Err  error
}

// Analyzer computes the *Module of a package.
var Analyzer = &analysis.Analyzer{
	Name:             "opvetgomod",
	Doc:              "find and parse the package's go.mod and pick the module's reporting package (helper, never reports)",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Module](),
	Requires:         []*analysis.Analyzer{runcachepass.Analyzer},
}

func run(pass *analysis.Pass) (any, error) {
	dir := PackageDir(pass)
	if dir == "" {
		return (*Module)(nil), nil
	}
	gomod := findGoMod(dir)
	if gomod == "" {
		return (*Module)(nil), nil
	}
	data, err := os.ReadFile(gomod)
	if err != nil {
		return (*Module)(nil), nil
	}
	m := &Module{GoMod: gomod, Dir: filepath.Dir(gomod)}
	if pass.Pkg == nil || strings.HasSuffix(pass.Pkg.Name(), "_test") {
		return m, nil
	}
	// Every package computes the reporting directory; only a go.mod that
	// may hold ignore directives is parsed for it.
	var f *modfile.File
	var perr error
	parsed := false
	var ignored []string
	if bytes.Contains(data, []byte("ignore")) {
		f, perr = Parse(gomod, data)
		parsed = true
		if f != nil {
			for _, ig := range f.Ignore {
				ignored = append(ignored, ig.Path)
			}
		}
	}
	type reportingKey struct{ root, ignored string }
	type reporting struct {
		dir string
		ok  bool
	}
	r := runcache.Do(runcachepass.Of(pass), reportingKey{m.Dir, strings.Join(ignored, "\x00")}, func() reporting {
		dir, ok := ReportingDir(m.Dir, ignored)
		return reporting{dir, ok}
	})
	first, ok := r.dir, r.ok
	if !ok || first != dir {
		return m, nil
	}
	if !parsed {
		f, perr = Parse(gomod, data)
	}
	m.Reporter = true
	m.Data = data
	m.File, m.Err = f, perr
	m.Tok = pass.Fset.AddFile(gomod, -1, len(data))
	m.Tok.SetLinesForContent(data)
	return m, nil
}

// Parse parses a go.mod strictly, but keeps versions that are not
// canonical semver (branch or tag names the go command would resolve)
// as they are written.
func Parse(name string, data []byte) (*modfile.File, error) {
	keep := func(_, v string) (string, error) { return v, nil }
	return modfile.Parse(name, data, keep)
}

// Selected returns the version of the module path that a module with
// go.mod f builds with: its requirement, or the version a replace
// directive substitutes ("" when it is not required, or replaced by a
// directory).
func Selected(f *modfile.File, path string) string {
	v := ""
	for _, r := range f.Require {
		if r.Mod.Path == path {
			v = r.Mod.Version
		}
	}
	if v == "" {
		return ""
	}
	for _, r := range f.Replace {
		if r.Old.Path == path && (r.Old.Version == "" || r.Old.Version == v) {
			return r.New.Version // "" for a directory
		}
	}
	return v
}

// ReadAt parses the go.mod of the module rooted at root; nil when there
// is none or it does not parse.
func ReadAt(root string) *modfile.File {
	name, data, ok := readAt(root)
	if !ok {
		return nil
	}
	f, err := Parse(name, data)
	if err != nil {
		return nil
	}
	return f
}

// ReadRequirementsAt reads the go.mod in directory root, as ReadAt does,
// but parses only the lines that can bear on the selected versions of the
// module paths: the module and go lines, the lines that open and close
// blocks, and the lines that mention one of paths (requirements and
// replace directives). Checks that read a few requirements in every
// package pay for a few lines instead of the whole file; Selected gives the
// same answer for those paths as on the whole file.
func ReadRequirementsAt(root string, paths ...string) *modfile.File {
	name, data, ok := readAt(root)
	if !ok {
		return nil
	}
	want := make(map[string]bool, len(paths))
	for _, p := range paths {
		want[p] = true
	}
	var kept []byte
	for line := range bytes.Lines(data) {
		if keepLine(bytes.TrimSpace(line), want) {
			kept = append(kept, line...)
			if !bytes.HasSuffix(line, []byte("\n")) {
				kept = append(kept, '\n')
			}
		}
	}
	f, err := Parse(name, kept)
	if err != nil {
		return nil
	}
	return f
}

// readAt reads the go.mod in directory root ("" : none).
func readAt(root string) (name string, data []byte, ok bool) {
	if root == "" {
		return "", nil, false
	}
	name = filepath.Join(root, "go.mod")
	data, err := os.ReadFile(name)
	return name, data, err == nil
}

// keepLine reports whether ReadRequirementsAt keeps a go.mod line.
func keepLine(line []byte, paths map[string]bool) bool {
	fields := bytes.Fields(line)
	if len(fields) == 0 {
		return false
	}
	switch string(fields[0]) {
	case "module", "go":
		return true
	case "require", "replace", "exclude", "retract", "tool", "ignore", "godebug", "toolchain":
		if bytes.Contains(line, []byte("(")) {
			return true // a block opener, whose ")" is kept too
		}
	}
	if bytes.HasPrefix(line, []byte(")")) {
		return true
	}
	for _, f := range fields {
		if paths[string(bytes.Trim(f, "\"`"))] { // a module path may be quoted
			return true
		}
	}
	return false
}

// PackageDir returns the directory of the package's files (the first
// one with an absolute name), or "" when none has one (files given
// without a directory). Checks that read their module's go.mod from a
// pass find the module from it.
func PackageDir(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil && filepath.IsAbs(tf.Name()) {
			return filepath.Dir(tf.Name())
		}
	}
	for _, name := range append(append([]string(nil), pass.OtherFiles...), pass.IgnoredFiles...) {
		if filepath.IsAbs(name) {
			return filepath.Dir(name)
		}
	}
	return ""
}

// findGoMod returns the go.mod of the module holding dir, or "".
func findGoMod(dir string) string {
	if root := modtree.Root(dir); root != "" {
		return filepath.Join(root, "go.mod")
	}
	return ""
}

// ReportingDir returns the directory of the module rooted at root whose
// package reports the module's go.mod findings (see the package doc), and
// false if the module has no buildable package. ignored are the paths of
// the go.mod's ignore directives.
func ReportingDir(root string, ignored []string) (string, bool) {
	return firstPackageDir(root, root, ignored)
}

// isFile reports whether e is a regular file or a symbolic link to one
// (the go command reads linked files as its own).
func isFile(dir string, e os.DirEntry) bool {
	if e.Type().IsRegular() {
		return true
	}
	if e.Type()&os.ModeSymlink == 0 {
		return false
	}
	fi, err := os.Stat(filepath.Join(dir, e.Name()))
	return err == nil && fi.Mode().IsRegular()
}

func firstPackageDir(root, dir string, ignored []string) (string, bool) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	// os.ReadDir sorts the entries by name: the order of ./...
	var subdirs []string
	hasGo := false
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			subdirs = append(subdirs, name) // judged when reached: most never are
			continue
		}
		if hasGo || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || !isFile(dir, e) {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err == nil && ok {
			hasGo = true
		}
	}
	if hasGo {
		return dir, true
	}
	for _, sub := range subdirs {
		path := filepath.Join(dir, sub)
		if skipDir(root, path, ignored) {
			continue
		}
		if d, ok := firstPackageDir(root, path, ignored); ok {
			return d, true
		}
	}
	return "", false
}

// skipDir reports whether ./... leaves out directory path of the module
// rooted at root.
func skipDir(root, path string, ignored []string) bool {
	if modtree.SkipDir(root, path) {
		return true // testdata, vendor, hidden, _-prefixed, a nested module
	}
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, ig := range ignored {
		// "ignore ./x" is relative to the root; "ignore x" matches a
		// directory named x anywhere (go.mod reference).
		ig = strings.TrimSuffix(ig, "/")
		if strings.HasPrefix(ig, "./") {
			if rel == strings.TrimPrefix(ig, "./") {
				return true
			}
		} else if rel == ig || strings.HasSuffix(rel, "/"+ig) {
			return true
		}
	}
	return false
}
