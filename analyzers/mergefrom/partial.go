package mergefrom

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/objflow"
)

// partialTarget reports (and records) a patch sent for an object built as
// a literal with only the metadata of its base (T{TypeMeta: x.TypeMeta,
// ObjectMeta: x.ObjectMeta}), when the base was read from the API server
// whole: a JSON merge patch from the base to that object sets every other
// field to null, so the patch clears the base's spec and content besides
// the change it was meant to send (datadog-operator#1320: Node labels
// patched with an empty spec).
func (c *checker) partialTarget(f *objflow.Func, site *objflow.CallSite, p *objflow.Value, facts *objflow.Facts, obj objflow.Set) bool {
	if len(obj) != 1 || len(facts.Base) == 0 {
		return false
	}
	v := f.Value(obj[0])
	if v == nil || v.Kind != objflow.Alloc {
		return false
	}
	lit, ok := ast.Unparen(stripAddr(v.Node)).(*ast.CompositeLit)
	if !ok || !metadataOnly(lit) {
		return false
	}
	for _, b := range facts.Base {
		if !readWhole(f, site, b) || !types.Identical(astx.Deref(f.Value(b).Type), astx.Deref(v.Type)) {
			return false
		}
	}
	fd := newFinding(p, site)
	if fd == nil {
		return false
	}
	fd.partial = types.ExprString(stripAddr(patchTarget(site.Call)))
	c.note(fd)
	return true
}

// readWhole reports whether the object b, before site, holds what the API
// server has of it: read from it (a Get or List in f, or an element of a
// list read), or given to f, not built here as a literal.
func readWhole(f *objflow.Func, site *objflow.CallSite, b int32) bool {
	v := f.Value(b)
	if v == nil || !site.Facts(b).Has(objflow.Filled) {
		return false
	}
	if v.Kind != objflow.Alloc {
		return true
	}
	for _, r := range f.Reads() {
		if r.Into.Has(b) {
			return true
		}
	}
	return false
}

// metadataOnly reports whether a struct literal sets ObjectMeta and no
// field but TypeMeta and ObjectMeta.
func metadataOnly(lit *ast.CompositeLit) bool {
	meta := false
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			return false
		}
		switch key.Name {
		case "ObjectMeta":
			meta = true
		case "TypeMeta":
		default:
			return false
		}
	}
	return meta
}

// stripAddr returns x of &x, and e otherwise.
func stripAddr(n ast.Node) ast.Expr {
	e, _ := n.(ast.Expr)
	x, _ := astx.StripAddr(e)
	return x
}
