package crdversions

import (
	"go/ast"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/opvet/opvet/passes/crdkinds"
)

// Bounds of the schema walk: nesting depth and number of fields.
const (
	maxSchemaDepth  = 12
	maxSchemaFields = 4000
)

// schema is the flattened JSON schema of a type: JSON field path -> type
// as written (local and sibling-version named types expanded, other named
// types by import path, pointers dropped since they do not change the
// serialized form).
type schema map[string]string

// schemaWalker flattens types of one group's version packages.
type schemaWalker struct {
	byPath map[string]*crdkinds.Package // import path -> version package
	// shared resolves the other packages of the module (per-version
	// copies of a shared package, common/v1 and common/v1beta1), whose
	// types are expanded too; nil when unknown.
	shared func(importPath string) *crdkinds.Package
	out    schema
	stack  map[string]bool // named types being expanded (cycles)
	full   bool            // maxSchemaFields reached
}

// schemaOf returns the schema of the root type kv, without the fields of
// metav1.TypeMeta and ObjectMeta, which every version shares.
func schemaOf(kv *crdkinds.Kind, byPath map[string]*crdkinds.Package, shared func(string) *crdkinds.Package) schema {
	w := &schemaWalker{byPath: byPath, shared: shared, out: schema{}, stack: map[string]bool{}}
	w.named(kv.Pkg, kv.Name, "", 0)
	return w.out
}

// named expands the local type name of p at prefix.
func (w *schemaWalker) named(p *crdkinds.Package, name, prefix string, depth int) {
	ts, f := p.TypeDecl(name)
	key := p.ImportPath + "." + name
	if ts == nil {
		w.leaf(prefix, key)
		return
	}
	if w.stack[key] || depth > maxSchemaDepth {
		w.leaf(prefix, "recursive "+name)
		return
	}
	w.stack[key] = true
	defer delete(w.stack, key)
	w.expr(p, f, ts.Type, prefix, depth+1)
}

// expr flattens the type expression e, written in file f of p.
func (w *schemaWalker) expr(p *crdkinds.Package, f *ast.File, e ast.Expr, prefix string, depth int) {
	switch e := e.(type) {
	case *ast.StarExpr:
		w.expr(p, f, e.X, prefix, depth)
	case *ast.ParenExpr:
		w.expr(p, f, e.X, prefix, depth)
	case *ast.Ident:
		if ts, _ := p.TypeDecl(e.Name); ts != nil {
			w.named(p, e.Name, prefix, depth)
			return
		}
		w.leaf(prefix, e.Name)
	case *ast.SelectorExpr:
		ip, name := crdkinds.Qualified(f, e)
		if sib := w.byPath[ip]; sib != nil {
			w.named(sib, name, prefix, depth)
			return
		}
		if w.shared != nil {
			if sp := w.shared(ip); sp != nil {
				if ts, _ := sp.TypeDecl(name); ts != nil {
					w.named(sp, name, prefix, depth)
					return
				}
			}
		}
		w.leaf(prefix, ip+"."+name)
	case *ast.ArrayType:
		if e.Len != nil {
			w.leaf(prefix+"[n]", "array")
		}
		w.expr(p, f, e.Elt, prefix+"[]", depth)
	case *ast.MapType:
		w.leaf(prefix+"{key}", typeText(e.Key))
		w.expr(p, f, e.Value, prefix+"{}", depth)
	case *ast.StructType:
		w.leaf(prefix, "object")
		w.fields(p, f, e, prefix, depth)
	default:
		w.leaf(prefix, typeText(e))
	}
}

// fields flattens the fields of st: JSON names from the tags, embedded and
// inline fields merged into the parent.
func (w *schemaWalker) fields(p *crdkinds.Package, f *ast.File, st *ast.StructType, prefix string, depth int) {
	if st.Fields == nil {
		return
	}
	for _, fld := range st.Fields.List {
		tag := ""
		if fld.Tag != nil {
			if t, err := strconv.Unquote(fld.Tag.Value); err == nil {
				tag = reflect.StructTag(t).Get("json")
			}
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" {
			continue
		}
		inline := strings.Contains(","+opts+",", ",inline,")
		if len(fld.Names) == 0 {
			if ip, n := crdkinds.Qualified(f, fld.Type); ip == "k8s.io/apimachinery/pkg/apis/meta/v1" && (n == "TypeMeta" || n == "ObjectMeta") {
				continue
			}
			if name == "" || inline {
				w.expr(p, f, fld.Type, prefix, depth)
				continue
			}
			_, n := crdkinds.Qualified(f, fld.Type)
			w.expr(p, f, fld.Type, join(prefix, firstNonEmpty(name, n)), depth)
			continue
		}
		for _, n := range fld.Names {
			if !ast.IsExported(n.Name) {
				continue
			}
			w.expr(p, f, fld.Type, join(prefix, firstNonEmpty(name, n.Name)), depth)
		}
	}
}

func (w *schemaWalker) leaf(path, typ string) {
	if path == "" {
		path = "."
	}
	if len(w.out) >= maxSchemaFields {
		w.full = true
		return
	}
	if old, ok := w.out[path]; ok && old != typ {
		typ = old + "|" + typ
	}
	w.out[path] = typ
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// typeText renders a type expression that the walk does not expand.
func typeText(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return typeText(e.X) + "." + e.Sel.Name
	case *ast.StarExpr:
		return "*" + typeText(e.X)
	case *ast.InterfaceType:
		return "interface"
	case *ast.FuncType:
		return "func"
	case *ast.ChanType:
		return "chan"
	}
	return "?"
}

// schemaDiff describes the first difference between two schemas (by
// path), or "" when they are equal. When b is retired (neither served
// nor stored), a path only a has is no difference: the objects stored in
// b by an earlier release lack it, as objects may.
func schemaDiff(a, b schema, va, vb string, retiredB bool) string {
	var paths []string
	for p := range a {
		paths = append(paths, p)
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	for _, p := range paths {
		ta, oka := a[p]
		tb, okb := b[p]
		switch {
		case !okb && retiredB:
			continue
		case !oka:
			return "field " + p + " exists only in " + vb
		case !okb:
			return "field " + p + " exists only in " + va
		case ta != tb:
			return "field " + p + " is " + short(ta) + " in " + va + " but " + short(tb) + " in " + vb
		}
	}
	return ""
}

// short drops the import path of a qualified type for messages.
func short(t string) string {
	if i := strings.LastIndex(t, "/"); i >= 0 {
		return t[i+1:]
	}
	return t
}
