package finalizers

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/runcache"
)

// The module scan: instead of analysis facts (which would make the
// standalone driver load every dependency from source), a package that
// adds a finalizer it does not remove itself reads the module's other Go
// files from disk and looks for the removal there, without type
// information. See docs/design.md.

// scanModule returns the removals found in the non-test Go files of the
// module that contains dir. ok is false when the module cannot be read or
// dir is not one of its packages (vendor, testdata): callers then report
// nothing.
func scanModule(dir string, cache *runcache.Cache) (ev *evidence, ok bool) {
	m := findModule(dir)
	if m == nil {
		return nil, false
	}
	if !inModuleTree(m.root, dir) {
		return nil, false
	}
	type scanKey struct{ root string }
	type scan struct {
		ev *evidence
		ok bool
	}
	r := runcache.Do(cache, scanKey{m.root}, func() scan {
		ev, ok := m.removals()
		return scan{ev, ok}
	})
	return r.ev, r.ok
}

// inModuleTree reports whether dir lies in the tree that a walk of the
// module rooted at root reads: under root, and not under a vendor,
// testdata, hidden or _ directory.
func inModuleTree(root, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	for _, elem := range strings.Split(filepath.ToSlash(rel), "/") {
		if elem != "." && modtree.SkipName(elem) {
			return false
		}
	}
	return true
}

// removals reads the removals of the module's non-test Go files.
func (m *module) removals() (*evidence, bool) {
	var sums []*funcSummary
	holds := fieldHolds{}
	failed := false
	walkErr := filepath.WalkDir(m.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			failed = true
			return fs.SkipAll
		}
		if d.IsDir() {
			if modtree.SkipDir(m.root, p) {
				return fs.SkipDir
			}
			return nil
		}
		if !isSourceFile(d.Name()) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			failed = true
			return fs.SkipAll
		}
		if !bytes.Contains(data, []byte("inalizer")) {
			return nil
		}
		f := m.parse(p, data)
		if f == nil {
			failed = true
			return fs.SkipAll
		}
		sums = append(sums, summarizeFile(f, &syntaxResolver{mod: m, dir: filepath.Dir(p), file: f}, holds)...)
		return nil
	})
	if walkErr != nil || failed {
		return nil, false
	}
	return evaluate(sums, holds), true
}

func isSourceFile(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") &&
		!strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_")
}

// module is one Go module read from disk during one pass.
type module struct {
	root   string // directory of go.mod
	path   string // module path
	fset   *token.FileSet
	parsed map[string]*ast.File  // file path -> syntax, nil for files that do not parse
	consts map[string]*dirConsts // directory -> its package-level string constants
}

// findModule reads the module that governs dir.
func findModule(dir string) *module {
	root := modtree.Root(dir)
	if root == "" {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	mp := modfile.ModulePath(data)
	if err != nil || mp == "" {
		return nil
	}
	return &module{root: root, path: mp, fset: token.NewFileSet(),
		parsed: map[string]*ast.File{}, consts: map[string]*dirConsts{}}
}

func (m *module) parse(p string, data []byte) *ast.File {
	if f, ok := m.parsed[p]; ok {
		return f
	}
	f, err := parser.ParseFile(m.fset, p, data, parser.SkipObjectResolution)
	if err != nil {
		f = nil
	}
	m.parsed[p] = f
	return f
}

// importPath is the import path of the package in dir.
func (m *module) importPath(dir string) string {
	rel, err := filepath.Rel(m.root, dir)
	if err != nil || rel == "." {
		return m.path
	}
	return m.path + "/" + filepath.ToSlash(rel)
}

// dirOf is the directory of a package of the module, or "".
func (m *module) dirOf(importPath string) string {
	if importPath == m.path {
		return m.root
	}
	rest, ok := strings.CutPrefix(importPath, m.path+"/")
	if !ok {
		return ""
	}
	return filepath.Join(m.root, filepath.FromSlash(rest))
}

// dirConsts holds the package-level string constants (and variables with a
// constant initializer) of one directory.
type dirConsts struct {
	decls  map[string]constDecl
	values map[string]*string // memo; nil entry while evaluating
}

type constDecl struct {
	value ast.Expr
	file  *ast.File
	dir   string
}

func (m *module) dirConsts(dir string) *dirConsts {
	if dc, ok := m.consts[dir]; ok {
		return dc
	}
	dc := &dirConsts{decls: map[string]constDecl{}, values: map[string]*string{}}
	m.consts[dir] = dc
	entries, err := os.ReadDir(dir)
	if err != nil {
		return dc
	}
	for _, e := range entries {
		if e.IsDir() || !isSourceFile(e.Name()) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if f := m.parse(p, data); f != nil {
			dc.addFile(f, dir)
		}
	}
	return dc
}

func (dc *dirConsts) addFile(f *ast.File, dir string) {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || (gd.Tok != token.CONST && gd.Tok != token.VAR) {
			continue
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok || len(vs.Values) != len(vs.Names) {
				continue
			}
			for i, name := range vs.Names {
				dc.decls[name.Name] = constDecl{value: vs.Values[i], file: f, dir: dir}
			}
		}
	}
}

// value evaluates the string constant name of the package in dir.
func (m *module) value(dir, name string, depth int) (string, bool) {
	dc := m.dirConsts(dir)
	if v, ok := dc.values[name]; ok {
		if v == nil {
			return "", false
		}
		return *v, true
	}
	decl, ok := dc.decls[name]
	if !ok || depth > 16 {
		return "", false
	}
	dc.values[name] = nil // cycles evaluate to nothing
	r := &syntaxResolver{mod: m, dir: decl.dir, file: decl.file, depth: depth + 1}
	v, ok := r.value(decl.value)
	if ok {
		dc.values[name] = &v
	}
	return v, ok
}

// syntaxResolver resolves names in a file parsed from disk: string
// literals, constants of the file's package, and constants of other
// packages by import path (their values when the package is in the
// module).
type syntaxResolver struct {
	mod   *module
	dir   string
	file  *ast.File
	depth int
	// structs are the struct types declared in file, at any depth, by
	// name (nil for a name declared twice); made when first needed.
	structs map[string]*ast.StructType
}

// fieldsOf returns the field names of the struct type t: written out, or
// named by a type declared in the file (a table's entry type is often
// declared in the function that fills it). Nil for anything else.
func (r *syntaxResolver) fieldsOf(t ast.Expr) []string {
	switch t := t.(type) {
	case *ast.StructType:
		return fieldNames(t)
	case *ast.Ident:
		if r.structs == nil {
			r.structs = fileStructs(r.file)
		}
		return fieldNames(r.structs[t.Name])
	}
	return nil
}

// fileStructs returns the struct types declared in f by name; a name
// declared twice (in two functions) maps to nil.
func fileStructs(f *ast.File) map[string]*ast.StructType {
	out := map[string]*ast.StructType{}
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok {
			return true
		}
		st, _ := ts.Type.(*ast.StructType)
		if _, dup := out[ts.Name.Name]; dup {
			st = nil
		}
		out[ts.Name.Name] = st
		return true
	})
	return out
}

func (r *syntaxResolver) keys(e ast.Expr) []string {
	e = ast.Unparen(e)
	var out []string
	if v, ok := r.value(e); ok {
		out = append(out, "v:"+v)
	}
	switch e := e.(type) {
	case *ast.Ident:
		if _, ok := r.mod.dirConsts(r.dir).decls[e.Name]; ok {
			out = append(out, "s:"+r.mod.importPath(r.dir)+"."+e.Name)
		}
	case *ast.SelectorExpr:
		if imp := r.importOf(e.X); imp != "" {
			out = append(out, "s:"+imp+"."+e.Sel.Name)
		} else if len(out) == 0 {
			out = append(out, "f:"+e.Sel.Name)
		}
	case *ast.CallExpr:
		if len(e.Args) == 1 && len(out) == 0 { // a conversion, T(name)
			return r.keys(e.Args[0])
		}
	}
	return out
}

// value evaluates e as a string constant expression.
func (r *syntaxResolver) value(e ast.Expr) (string, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.Ident:
		return r.mod.value(r.dir, e.Name, r.depth)
	case *ast.SelectorExpr:
		imp := r.importOf(e.X)
		if imp == "" {
			return "", false
		}
		dir := r.mod.dirOf(imp)
		if dir == "" {
			return "", false
		}
		return r.mod.value(dir, e.Sel.Name, r.depth)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, ok := r.value(e.X)
		if !ok {
			return "", false
		}
		y, ok := r.value(e.Y)
		return x + y, ok
	case *ast.CallExpr:
		if len(e.Args) == 1 { // a conversion, T(name)
			return r.value(e.Args[0])
		}
	}
	return "", false
}

// importOf returns the import path that x (a package name) refers to in
// the file, or "".
func (r *syntaxResolver) importOf(x ast.Expr) string {
	id, ok := x.(*ast.Ident)
	if !ok {
		return ""
	}
	for _, spec := range r.file.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if spec.Name != nil {
			name = spec.Name.Name
		}
		if name == id.Name {
			return p
		}
	}
	return ""
}
