package astx

import "go/ast"

// KeyedField returns the expression given to field name in a keyed
// composite literal, without parentheses; nil when lit is nil or sets no
// such field.
func KeyedField(lit *ast.CompositeLit, name string) ast.Expr {
	if lit == nil {
		return nil
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, _ := kv.Key.(*ast.Ident); key != nil && key.Name == name {
			return ast.Unparen(kv.Value)
		}
	}
	return nil
}

// LiteralOf returns e as a composite literal, &T{...} too; nil when it is
// none.
func LiteralOf(e ast.Expr) *ast.CompositeLit {
	e, _ = StripAddr(e)
	lit, _ := e.(*ast.CompositeLit)
	return lit
}
