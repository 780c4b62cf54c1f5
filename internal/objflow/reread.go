package objflow

import (
	"go/ast"
	"go/types"
)

// keepsDeletionCheck reports whether the read call, which fills its
// argument i into the one object id, reads again the object that a read
// before it filled and a deletion check then judged on every path
// (Filled, never Unfilled, its deletion settled): the same key read into
// the same expression, as in a RetryOnConflict that re-reads the object
// before changing it. A deletion that began in between fails only that
// write, and the next reconcile sees it, so the check still holds.
func (a *analysis) keepsDeletionCheck(call *ast.CallExpr, i int, id int32) bool {
	f := a.facts(id)
	if f == nil || !f.Has(Filled) || f.Has(Unfilled|MaybeDeleting) || i < 1 || !isGet(call) {
		return false
	}
	key, into := call.Args[i-1], call.Args[i]
	return keyOfObject(key, into) || a.readBefore(call, i, key, into)
}

// isGet reports whether call is a method call named Get.
func isGet(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Get"
}

// keyOfObject reports whether key is the key of obj itself:
// client.ObjectKeyFromObject(obj), or a literal whose fields are obj's
// Name and Namespace (or GetName(), GetNamespace()).
func keyOfObject(key, obj ast.Expr) bool {
	same := func(e ast.Expr) bool { return types.ExprString(ast.Unparen(e)) == types.ExprString(ast.Unparen(obj)) }
	switch k := ast.Unparen(key).(type) {
	case *ast.CallExpr:
		sel, ok := ast.Unparen(k.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "ObjectKeyFromObject" && len(k.Args) == 1 && same(k.Args[0])
	case *ast.CompositeLit:
		if len(k.Elts) == 0 {
			return false
		}
		for _, e := range k.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok || !metaOf(kv.Value, same) {
				return false
			}
		}
		return true
	}
	return false
}

// metaOf reports whether e is x.Name, x.Namespace, x.GetName() or
// x.GetNamespace() of an x that same accepts.
func metaOf(e ast.Expr, same func(ast.Expr) bool) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 0 {
		e = call.Fun
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch sel.Sel.Name {
	case "Name", "Namespace", "GetName", "GetNamespace":
		if inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && inner.Sel.Name == "ObjectMeta" {
			return same(inner.X)
		}
		return same(sel.X)
	}
	return false
}

// readBefore reports whether the function analysed holds, before call, a
// Get with the same key and object expressions in the same positions.
func (a *analysis) readBefore(call *ast.CallExpr, i int, key, into ast.Expr) bool {
	keyStr, intoStr := types.ExprString(ast.Unparen(key)), types.ExprString(ast.Unparen(into))
	found := false
	ast.Inspect(a.body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= call.Pos() {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if ok && len(c.Args) == len(call.Args) && isGet(c) &&
			types.ExprString(ast.Unparen(c.Args[i-1])) == keyStr && types.ExprString(ast.Unparen(c.Args[i])) == intoStr {
			found = true
		}
		return !found
	})
	return found
}
