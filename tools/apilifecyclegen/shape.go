package main

import (
	"go/ast"
	"reflect"
	"strconv"
	"strings"
)

// Universe is the API packages of one module release, by import path.
type Universe map[string]*Package

// SameShape reports whether every JSON field of type oldName of package
// oldPkg is in type newName of newPkg under the same name with the same
// shape (recursively): unstructured code written for the old kind then
// reads and writes the same data in the new one. Types of packages outside
// the universe (apimachinery's ObjectMeta, Quantity, IntOrString) match
// only themselves.
func (u Universe) SameShape(oldPkg *Package, oldName string, newPkg *Package, newName string) bool {
	c := &comparer{u: u, seen: map[[2]string]bool{}}
	a, b := oldPkg.Types[oldName], newPkg.Types[newName]
	if a == nil || b == nil {
		return false
	}
	return c.named(oldPkg.Path+"."+oldName, a, newPkg.Path+"."+newName, b)
}

type comparer struct {
	u Universe
	// seen holds the pairs of named types being compared (cycles
	// compare equal) and those found equal.
	seen   map[[2]string]bool
	budget int
}

// ref is a type expression and the declaration that gives its names
// meaning.
type ref struct {
	expr ast.Expr
	in   *TypeDecl
}

func (c *comparer) named(ka string, a *TypeDecl, kb string, b *TypeDecl) bool {
	if ka == kb {
		return true
	}
	key := [2]string{ka, kb}
	if ok, done := c.seen[key]; done {
		return ok
	}
	c.seen[key] = true // assume equal while comparing (recursive types)
	ok := c.compare(ref{a.Expr, a}, ref{b.Expr, b})
	c.seen[key] = ok
	return ok
}

// resolve follows pointers and local or universe names to the type's
// structure; a name outside the universe comes back as its qualified
// name (ext), a predeclared type as its name (basic).
func (c *comparer) resolve(r ref) (key string, decl *TypeDecl, expr ast.Expr, basic, ext string) {
	for {
		switch e := r.expr.(type) {
		case *ast.StarExpr:
			r.expr = e.X
			continue
		case *ast.ParenExpr:
			r.expr = e.X
			continue
		case *ast.Ident:
			if d, ok := r.in.Pkg.Types[e.Name]; ok {
				return r.in.Pkg.Path + "." + e.Name, d, d.Expr, "", ""
			}
			return "", nil, nil, e.Name, ""
		case *ast.SelectorExpr:
			x, _ := e.X.(*ast.Ident)
			if x == nil {
				return "", nil, nil, "", "?"
			}
			p := r.in.Imports[x.Name]
			if pkg, ok := c.u[p]; ok {
				if d, ok := pkg.Types[e.Sel.Name]; ok {
					return p + "." + e.Sel.Name, d, d.Expr, "", ""
				}
			}
			return "", nil, nil, "", p + "." + e.Sel.Name
		}
		return "", r.in, r.expr, "", ""
	}
}

func (c *comparer) compare(a, b ref) bool {
	// Well-formed Go has no cyclic declarations without a struct in
	// between, but a malformed input must not make the generator loop.
	if c.budget++; c.budget > 1_000_000 {
		return false
	}
	ka, da, ea, basicA, extA := c.resolve(a)
	kb, db, eb, basicB, extB := c.resolve(b)
	switch {
	case ka != "" && kb != "":
		return c.named(ka, da, kb, db)
	case ka != "":
		// A named type against a literal or basic type: compare what
		// it is declared as (type X = v1.X, type Class string).
		return c.compare(ref{ea, da}, b)
	case kb != "":
		return c.compare(a, ref{eb, db})
	case extA != "" || extB != "":
		return extA == extB
	case basicA != "" || basicB != "":
		return basicA == basicB
	}
	return c.structure(ref{ea, da}, ref{eb, db})
}

// structure compares two type literals (after resolve).
func (c *comparer) structure(a, b ref) bool {
	switch ea := a.expr.(type) {
	case *ast.ArrayType:
		eb, ok := b.expr.(*ast.ArrayType)
		return ok && (ea.Len == nil) == (eb.Len == nil) && c.compare(ref{ea.Elt, a.in}, ref{eb.Elt, b.in})
	case *ast.MapType:
		eb, ok := b.expr.(*ast.MapType)
		return ok && c.compare(ref{ea.Key, a.in}, ref{eb.Key, b.in}) && c.compare(ref{ea.Value, a.in}, ref{eb.Value, b.in})
	case *ast.StructType:
		eb, ok := b.expr.(*ast.StructType)
		if !ok {
			return false
		}
		fa, fb := c.fields(ea, a.in, 0), c.fields(eb, b.in, 0)
		for name, ta := range fa {
			tb, ok := fb[name]
			if !ok || !c.compare(ta, tb) {
				return false
			}
		}
		return true
	case *ast.InterfaceType:
		_, ok := b.expr.(*ast.InterfaceType)
		return ok
	}
	return reflect.DeepEqual(a.expr, b.expr) // unexpected: equal only if identical
}

// fields returns the JSON fields of a struct, inlined embedded structs
// flattened; an embedded type outside the universe is one pseudo-field
// named after it.
func (c *comparer) fields(st *ast.StructType, in *TypeDecl, depth int) map[string]ref {
	out := map[string]ref{}
	for _, f := range st.Fields.List {
		name, inline, skip := jsonName(f)
		if skip {
			continue
		}
		if len(f.Names) == 0 && (inline || name == "") {
			_, d, e, _, ext := c.resolve(ref{f.Type, in})
			if st2, ok := e.(*ast.StructType); ok && depth < 8 {
				for k, v := range c.fields(st2, d, depth+1) {
					out[k] = v
				}
				continue
			}
			out["embedded:"+ext] = ref{f.Type, in}
			continue
		}
		if name == "" {
			if len(f.Names) == 0 {
				continue
			}
			name = f.Names[0].Name
		}
		out[name] = ref{f.Type, in}
	}
	return out
}

// jsonName reads a field's json tag: its name, ",inline", or "-".
func jsonName(f *ast.Field) (name string, inline, skip bool) {
	if f.Tag == nil {
		return "", false, false
	}
	tag, err := strconv.Unquote(f.Tag.Value)
	if err != nil {
		return "", false, false
	}
	v, ok := reflect.StructTag(tag).Lookup("json")
	if !ok {
		return "", false, false
	}
	if v == "-" {
		return "", false, true
	}
	name, opts, _ := strings.Cut(v, ",")
	return name, strings.Contains(","+opts+",", ",inline,"), false
}
