package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// versionRE matches the version directory of an API package.
var versionRE = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]+)?$`)

// IsInput reports whether a file of an API package is one the generator
// reads: the group name (register.go, doc.go), the lifecycle methods and
// the type declarations (types*.go but the swagger docs).
func IsInput(name string) bool {
	switch {
	case name == "register.go", name == "doc.go", name == "zz_generated.prerelease-lifecycle.go":
		return true
	case strings.HasPrefix(name, "types") && strings.HasSuffix(name, ".go") &&
		!strings.HasSuffix(name, "_test.go") && name != "types_swagger_doc_generated.go":
		return true
	}
	return false
}

// Lifecycle is what the lifecycle methods of one type say: Kubernetes 1.x
// minors (0: no such method) and the replacement.
type Lifecycle struct {
	Introduced, Deprecated, Removed int
	Replacement                     [3]string // group, version, kind
}

// Package is one parsed API package of one module release.
type Package struct {
	// Path is its import path; Group and Version its API group/version.
	Path, Group, Version string
	// Lifecycle holds the lifecycle of each type that has methods.
	Lifecycle map[string]*Lifecycle
	// Kinds are the types that are API kinds: those with lifecycle
	// methods, or, without any, the structs that embed metav1.TypeMeta.
	Kinds []string
	// Types are the package's type declarations, for shape comparison.
	Types map[string]*TypeDecl
}

// TypeDecl is one type declaration and the imports of its file.
type TypeDecl struct {
	Pkg     *Package
	Expr    ast.Expr
	Imports map[string]string // file's import names -> paths
}

// ParsePackage parses the input files of one API package (name -> Go
// source). It reports false for a directory that is not an API package
// (no version directory, or no group name).
func ParsePackage(importPath string, files map[string][]byte) (*Package, bool, error) {
	version := path.Base(importPath)
	if !versionRE.MatchString(version) {
		return nil, false, nil
	}
	p := &Package{Path: importPath, Version: version, Lifecycle: map[string]*Lifecycle{}, Types: map[string]*TypeDecl{}}
	fset := token.NewFileSet()
	groupFound := false
	var typeMeta []string
	for name, src := range files {
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, false, fmt.Errorf("%s/%s: %v", importPath, name, err)
		}
		if g, ok := groupName(f); ok && (name == "register.go" || !groupFound) {
			p.Group, groupFound = g, true
		}
		imports := fileImports(f)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if err := p.lifecycleMethod(d); err != nil {
					return nil, false, fmt.Errorf("%s/%s: %v", importPath, name, err)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok {
						continue
					}
					p.Types[ts.Name.Name] = &TypeDecl{Pkg: p, Expr: ts.Type, Imports: imports}
					if embedsTypeMeta(ts, imports) {
						typeMeta = append(typeMeta, ts.Name.Name)
					}
				}
			}
		}
	}
	if !groupFound {
		return nil, false, nil
	}
	// Kinds: the types with lifecycle methods (prerelease kinds, and
	// from 1.31 on the GA kinds of core/v1 with only an introduction
	// release) and the structs that embed TypeMeta.
	seen := map[string]bool{}
	for k := range p.Lifecycle {
		seen[k] = true
		p.Kinds = append(p.Kinds, k)
	}
	for _, k := range typeMeta {
		if !seen[k] {
			p.Kinds = append(p.Kinds, k)
		}
	}
	return p, true, nil
}

// groupName reads `const GroupName = "..."` or a `+groupName=` comment.
func groupName(f *ast.File) (string, bool) {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if n.Name != "GroupName" || i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					g, err := strconv.Unquote(lit.Value)
					return g, err == nil
				}
			}
		}
	}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if g, ok := strings.CutPrefix(strings.TrimSpace(strings.TrimPrefix(c.Text, "//")), "+groupName="); ok {
				return strings.TrimSpace(g), true
			}
		}
	}
	return "", false
}

func fileImports(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if im.Name != nil {
			name = im.Name.Name
		}
		m[name] = p
	}
	return m
}

const metaV1 = "k8s.io/apimachinery/pkg/apis/meta/v1"

func embedsTypeMeta(ts *ast.TypeSpec, imports map[string]string) bool {
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return false
	}
	for _, f := range st.Fields.List {
		if len(f.Names) > 0 {
			continue
		}
		if sel, ok := f.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "TypeMeta" {
			if x, ok := sel.X.(*ast.Ident); ok && imports[x.Name] == metaV1 {
				return true
			}
		}
	}
	return false
}

// lifecycleMethod records an APILifecycle* method of a type.
func (p *Package) lifecycleMethod(fd *ast.FuncDecl) error {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || !strings.HasPrefix(fd.Name.Name, "APILifecycle") {
		return nil
	}
	typ := fd.Recv.List[0].Type
	if st, ok := typ.(*ast.StarExpr); ok {
		typ = st.X
	}
	id, ok := typ.(*ast.Ident)
	if !ok || fd.Body == nil || len(fd.Body.List) != 1 {
		return fmt.Errorf("%s: unexpected shape", fd.Name.Name)
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok {
		return fmt.Errorf("%s.%s: no return", id.Name, fd.Name.Name)
	}
	l := p.Lifecycle[id.Name]
	if l == nil {
		l = &Lifecycle{}
		p.Lifecycle[id.Name] = l
	}
	var dst *int
	switch fd.Name.Name {
	case "APILifecycleIntroduced":
		dst = &l.Introduced
	case "APILifecycleDeprecated":
		dst = &l.Deprecated
	case "APILifecycleRemoved":
		dst = &l.Removed
	case "APILifecycleReplacement":
		r, err := replacement(ret)
		l.Replacement = r
		return err
	default:
		return nil
	}
	minor, err := release(ret)
	if err != nil {
		return fmt.Errorf("%s.%s: %v", id.Name, fd.Name.Name, err)
	}
	*dst = minor
	return nil
}

// release reads `return 1, 25`.
func release(ret *ast.ReturnStmt) (int, error) {
	if len(ret.Results) != 2 {
		return 0, fmt.Errorf("want (major, minor)")
	}
	var v [2]int
	for i, r := range ret.Results {
		lit, ok := r.(*ast.BasicLit)
		if !ok || lit.Kind != token.INT {
			return 0, fmt.Errorf("not an integer literal")
		}
		n, err := strconv.Atoi(lit.Value)
		if err != nil {
			return 0, err
		}
		v[i] = n
	}
	if v[0] != 1 {
		return 0, fmt.Errorf("Kubernetes %d.%d: only 1.x is known", v[0], v[1])
	}
	return v[1], nil
}

// replacement reads `return schema.GroupVersionKind{Group: ..., Version: ..., Kind: ...}`.
func replacement(ret *ast.ReturnStmt) ([3]string, error) {
	var r [3]string
	if len(ret.Results) != 1 {
		return r, fmt.Errorf("replacement: want one result")
	}
	cl, ok := ret.Results[0].(*ast.CompositeLit)
	if !ok {
		return r, fmt.Errorf("replacement: not a composite literal")
	}
	for _, e := range cl.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return r, fmt.Errorf("replacement: unkeyed field")
		}
		key, _ := kv.Key.(*ast.Ident)
		lit, _ := kv.Value.(*ast.BasicLit)
		if key == nil || lit == nil || lit.Kind != token.STRING {
			return r, fmt.Errorf("replacement: unexpected field")
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return r, err
		}
		switch key.Name {
		case "Group":
			r[0] = s
		case "Version":
			r[1] = s
		case "Kind":
			r[2] = s
		}
	}
	return r, nil
}

// Excerpt returns the part of an API package file that the table's test
// needs, without comments: of zz_generated.prerelease-lifecycle.go the
// APILifecycleDeprecated, APILifecycleRemoved and APILifecycleReplacement
// methods; of register.go the GroupName constant.
func Excerpt(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var keep []ast.Decl
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			switch d.Name.Name {
			case "APILifecycleDeprecated", "APILifecycleRemoved", "APILifecycleReplacement":
				keep = append(keep, d)
			}
		case *ast.GenDecl:
			if d.Tok == token.IMPORT || d.Tok == token.CONST && declares(d, "GroupName") {
				keep = append(keep, d)
			}
		}
	}
	f.Decls = keep
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func declares(d *ast.GenDecl, name string) bool {
	for _, s := range d.Specs {
		if vs, ok := s.(*ast.ValueSpec); ok {
			for _, n := range vs.Names {
				if n.Name == name {
					return true
				}
			}
		}
	}
	return false
}
