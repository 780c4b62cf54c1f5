package setfinalizer

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"strconv"
)

// mentionsTypeParam reports whether t contains a type parameter, so that
// its layout and identity depend on an instantiation.
func mentionsTypeParam(t types.Type) bool {
	return anyComponent(t, 0, func(t types.Type) bool {
		_, ok := t.(*types.TypeParam)
		return ok
	})
}

// mentionsInvalid reports whether t contains an invalid type.
func mentionsInvalid(t types.Type) bool {
	return anyComponent(t, 0, func(t types.Type) bool {
		return t == types.Typ[types.Invalid]
	})
}

// anyComponent reports whether pred holds for t or for a type t is built
// from (elements, fields, parameters, type arguments). Named types are not
// expanded: their layout is fixed once their type arguments are.
func anyComponent(t types.Type, depth int, pred func(types.Type) bool) bool {
	if t == nil || depth > 16 {
		return t != nil
	}
	t = types.Unalias(t)
	if pred(t) {
		return true
	}
	rec := func(t types.Type) bool { return anyComponent(t, depth+1, pred) }
	switch u := t.(type) {
	case *types.Named:
		if args := u.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				if rec(args.At(i)) {
					return true
				}
			}
		}
		return false
	case *types.Pointer:
		return rec(u.Elem())
	case *types.Slice:
		return rec(u.Elem())
	case *types.Array:
		return rec(u.Elem())
	case *types.Map:
		return rec(u.Key()) || rec(u.Elem())
	case *types.Chan:
		return rec(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if rec(u.Field(i).Type()) {
				return true
			}
		}
	case *types.Signature:
		return anyVar(u.Params(), rec) || anyVar(u.Results(), rec)
	}
	return false
}

func anyVar(tup *types.Tuple, pred func(types.Type) bool) bool {
	for i := 0; i < tup.Len(); i++ {
		if pred(tup.At(i).Type()) {
			return true
		}
	}
	return false
}

// qualifier names packages as file imports them: the package being
// analysed unqualified, others by their import name in file (or their
// package name when file does not import them).
func qualifier(pkg *types.Package, file *ast.File) types.Qualifier {
	names := map[string]string{}
	if file != nil {
		for _, imp := range file.Imports {
			if imp.Name == nil || imp.Name.Name == "_" || imp.Name.Name == "." {
				continue
			}
			if path, err := strconv.Unquote(imp.Path.Value); err == nil {
				names[path] = imp.Name.Name
			}
		}
	}
	return func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		if name, ok := names[p.Path()]; ok {
			return name
		}
		return p.Name()
	}
}

// render formats e as source, with prefix before it.
func render(fset *token.FileSet, e ast.Expr, prefix string) string {
	var buf bytes.Buffer
	buf.WriteString(prefix)
	if err := printer.Fprint(&buf, fset, e); err != nil {
		return prefix + "value"
	}
	return buf.String()
}
