package removedapis

import (
	"go/ast"
	"go/types"
)

// unstructuredGVK computes the group/version/kind of an unstructured
// object argument: a literal with an Object map, or a local variable of
// the current function whose type is set by a literal definition and by
// SetAPIVersion, SetKind, SetGroupVersionKind, SetUnstructuredContent or
// assignments to its Object map. It gives up (false) when a value is not
// constant or two settings disagree.
func (c *checker) unstructuredGVK(arg ast.Expr) (gvkValue, bool) {
	e := ast.Unparen(arg)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	var sources []typeSetter
	switch e := e.(type) {
	case *ast.CompositeLit:
		sources = append(sources, typeSetter{"literal", e})
	case *ast.Ident:
		v, ok := c.pass.TypesInfo.Uses[e].(*types.Var)
		if !ok || c.fn == nil || v.Parent() == c.pass.Pkg.Scope() {
			return gvkValue{}, false
		}
		x := c.fn.index(c.pass.TypesInfo)
		if d := x.defs[v]; d != nil {
			sources = append(sources, typeSetter{"literal", d})
		}
		sources = append(sources, x.sets[v]...)
	default:
		return gvkValue{}, false
	}
	var out gvkValue
	haveVersion, literals := false, 0
	for _, s := range sources {
		v, ok := c.typeSet(s)
		if !ok {
			return gvkValue{}, false
		}
		if v.version != "" {
			if haveVersion && (v.group != out.group || v.version != out.version) {
				return gvkValue{}, false
			}
			if !haveVersion {
				out.group, out.version = v.group, v.version
				out.groupLit, out.versionLit, out.apiVersionLit = v.groupLit, v.versionLit, v.apiVersionLit
			}
			haveVersion = true
			literals++
		}
		if v.kind != "" {
			if out.kind != "" && out.kind != v.kind {
				return gvkValue{}, false
			}
			out.kind = v.kind
		}
	}
	if literals > 1 {
		// The version is spelled in more than one place: no fix.
		out.groupLit, out.versionLit, out.apiVersionLit = nil, nil, nil
	}
	return out, haveVersion
}

// typeSet computes what one setting says of the type: ok is false when
// it sets it to something not constant. A literal or map without the
// keys says nothing.
func (c *checker) typeSet(s typeSetter) (gvkValue, bool) {
	switch s.method {
	case "SetAPIVersion", "apiVersion":
		return c.apiVersionKind(s.value, nil)
	case "SetKind", "kind":
		k, ok := c.constString(s.value)
		return gvkValue{kind: k}, ok
	case "SetGroupVersionKind":
		return c.evalGVK(s.value, 0)
	case "literal", "Object", "SetUnstructuredContent":
		return c.objectMap(s.value)
	}
	return gvkValue{}, false
}

// objectMap reads "apiVersion" and "kind" from an unstructured literal
// (&unstructured.Unstructured{Object: map...}) or an object map literal.
// Anything else gives up: the content comes from elsewhere.
func (c *checker) objectMap(e ast.Expr) (gvkValue, bool) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return gvkValue{}, false
	}
	if _, isMap := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Map); !isMap {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Object" {
					return c.objectMap(kv.Value)
				}
			}
		}
		return gvkValue{}, true // an empty object: its type is set elsewhere
	}
	var out gvkValue
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := c.constString(kv.Key)
		if !ok {
			continue
		}
		switch key {
		case "apiVersion":
			v, ok := c.apiVersionKind(kv.Value, nil)
			if !ok {
				return gvkValue{}, false
			}
			out.group, out.version, out.apiVersionLit = v.group, v.version, v.apiVersionLit
		case "kind":
			k, ok := c.constString(kv.Value)
			if !ok {
				return gvkValue{}, false
			}
			out.kind = k
		}
	}
	return out, true
}
