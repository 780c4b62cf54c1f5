package setfinalizer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// A target is a spelling of the object a hook is set on, as the code can
// refer to it: the pointer p or s.f (addr false: the object is *p), or the
// variable x of &x (addr true: the object is x's storage).
type target struct {
	root   *types.Var
	fields []string
	addr   bool
}

// targetsOf returns the spellings of the object behind ptr: p, s.f, &x,
// and x again when p is a local variable defined as &x. Pointers held in
// variables that the function reassigns are left out: a closure that
// refers to them may see another value.
func (c *checker) targetsOf(h *hookCall, ptr ast.Expr) []target {
	info := c.pass.TypesInfo
	ptr = ast.Unparen(ptr)
	if u, ok := ptr.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
			if v, _ := info.Uses[id].(*types.Var); v != nil {
				return []target{{root: v, addr: true}}
			}
		}
		return nil
	}
	root, fields, ok := pathOf(info, ptr)
	if !ok || !c.locals(h).stable(root) {
		return nil
	}
	ts := []target{{root: root, fields: fields}}
	if id, ok := ptr.(*ast.Ident); ok {
		if def := c.locals(h).resolve(info, id); def != nil {
			ts = append(ts, c.targetsOf(h, def)...)
		}
	}
	return ts
}

// pathOf returns e as a variable followed by field selections (p, s.f.g).
func pathOf(info *types.Info, e ast.Expr) (root *types.Var, fields []string, ok bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[e].(*types.Var)
		return v, nil, v != nil
	case *ast.SelectorExpr:
		sel := info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal {
			return nil, nil, false
		}
		root, fields, ok := pathOf(info, e.X)
		return root, append(slices.Clip(fields), e.Sel.Name), ok
	}
	return nil, nil, false
}

// isPointerTo reports whether e is spelled as the pointer target t.
func isPointerTo(info *types.Info, e ast.Expr, t target) bool {
	root, fields, ok := pathOf(info, e)
	return ok && !t.addr && root == t.root && slices.Equal(fields, t.fields)
}

// checkFunc reports a function fn (a closure, a variable holding one, or
// a method value) that refers to the object of targets. format takes the
// reference as its argument.
func (c *checker) checkFunc(h *hookCall, targets []target, fn ast.Expr, format string) {
	info := c.pass.TypesInfo
	fn = ast.Unparen(fn)
	if id, ok := fn.(*ast.Ident); ok {
		if def := c.locals(h).resolve(info, id); def != nil {
			fn = ast.Unparen(def)
		}
	}
	switch fn := fn.(type) {
	case *ast.FuncLit:
		if ref := c.captured(fn, targets); ref != nil {
			c.rep.Reportf(ref, format, render(c.pass.Fset, ref, ""))
		}
	case *ast.SelectorExpr:
		if c.bindsObject(fn, targets) {
			c.rep.Reportf(fn.X, format, render(c.pass.Fset, fn.X, ""))
		}
	}
}

// captured returns the first reference in lit to the object of targets.
func (c *checker) captured(lit *ast.FuncLit, targets []target) ast.Expr {
	info := c.pass.TypesInfo
	var ref ast.Expr
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if ref != nil {
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		root, fields, ok := pathOf(info, e)
		if !ok {
			return true
		}
		for _, t := range targets {
			// A closure captures local variables: any use of p or x
			// keeps the object reachable; of s.f only the path
			// itself. It reads package-level variables when it runs.
			if pkgLevel(t.root) == nil && root == t.root && len(fields) >= len(t.fields) && slices.Equal(fields[:len(t.fields)], t.fields) {
				ref = e
				return false
			}
		}
		return true
	})
	return ref
}

// bindsObject reports whether the method value sel binds a pointer to the
// object of targets as its receiver (p.M, or x.M with a pointer receiver).
func (c *checker) bindsObject(se *ast.SelectorExpr, targets []target) bool {
	info := c.pass.TypesInfo
	sel := info.Selections[se]
	if sel == nil || sel.Kind() != types.MethodVal {
		return false
	}
	sig, _ := sel.Obj().Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !isPointer(sig.Recv().Type()) {
		return false // a value receiver binds a copy
	}
	for _, t := range targets {
		if isPointerTo(info, se.X, t) {
			return true
		}
		if id, ok := ast.Unparen(se.X).(*ast.Ident); ok && t.addr && info.Uses[id] == t.root {
			return true
		}
	}
	return false
}

// checkCleanup reports an AddCleanup whose arg is ptr (the runtime
// panics) or points into the object, or whose cleanup function refers to
// the object (7).
func (c *checker) checkCleanup(h *hookCall) {
	targets := c.targetsOf(h, h.call.Args[0])
	if len(targets) == 0 {
		return
	}
	arg := c.stripPointerConversions(ast.Unparen(h.call.Args[2]))
	switch {
	case c.isObjectPointer(h, arg, targets):
		c.rep.Reportf(h.call.Args[2],
			"runtime.AddCleanup panics because arg is ptr itself, so the cleanup could never run; pass as arg only what the cleanup needs, such as a copy of a field")
	case c.pointsInto(arg, targets):
		c.rep.Reportf(h.call.Args[2],
			"runtime.AddCleanup's arg %s points into the object behind ptr, which keeps the object reachable so the cleanup never runs (recent Go versions panic); pass a copy of the value the cleanup needs",
			render(c.pass.Fset, h.call.Args[2], ""))
	default:
		c.checkFunc(h, targets, h.call.Args[2], cleanupRefers)
	}
	c.checkFunc(h, targets, h.call.Args[1], cleanupRefers)
}

const (
	cleanupRefers = "the cleanup function refers to %s, the object behind ptr, which keeps the object reachable so the cleanup never runs (recent Go versions panic); " +
		"pass what the cleanup needs as arg and use only the cleanup's parameter"
	finalizerRefers = "the finalizer refers to %s, the object it finalizes, which keeps the object reachable so the finalizer never runs; " +
		"use the finalizer's parameter instead"
)

// stripPointerConversions removes conversions to pointer types and to
// unsafe.Pointer, which keep the address.
func (c *checker) stripPointerConversions(e ast.Expr) ast.Expr {
	for {
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return e
		}
		tv := c.pass.TypesInfo.Types[call.Fun]
		if !tv.IsType() || !pointerLike(tv.Type) {
			return e
		}
		e = ast.Unparen(call.Args[0])
	}
}

func pointerLike(t types.Type) bool {
	if isPointer(t) {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// isObjectPointer reports whether e is the pointer to the object itself:
// p, s.f or &x as ptr spells it, or a local variable defined so.
func (c *checker) isObjectPointer(h *hookCall, e ast.Expr, targets []target) bool {
	info := c.pass.TypesInfo
	for _, t := range targets {
		if isPointerTo(info, e, t) {
			return true
		}
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND && t.addr {
			if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && info.Uses[id] == t.root {
				return true
			}
		}
	}
	if id, ok := e.(*ast.Ident); ok {
		if def := c.locals(h).resolve(info, id); def != nil {
			if u, ok := ast.Unparen(def).(*ast.UnaryExpr); ok && u.Op == token.AND {
				return c.isObjectPointer(h, ast.Unparen(def), targets)
			}
		}
	}
	return false
}

// pointsInto reports whether the value of e holds a pointer into the
// object's storage: &p.f, &x.a[1], p.arr[:], or a composite literal with
// such an element (or the object pointer itself).
func (c *checker) pointsInto(e ast.Expr, targets []target) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op != token.AND {
			return false
		}
		if lit, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok {
			return c.pointsInto(lit, targets)
		}
		return c.storageIn(e.X, targets)
	case *ast.SliceExpr:
		return isArray(info.TypeOf(e.X)) && c.storageIn(e.X, targets)
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			elt = ast.Unparen(elt)
			if c.pointsInto(elt, targets) || slices.ContainsFunc(targets, func(t target) bool { return isPointerTo(info, elt, t) }) {
				return true
			}
		}
	}
	return false
}

// storageIn reports whether the addressable expression x lies in the
// object's storage.
func (c *checker) storageIn(x ast.Expr, targets []target) bool {
	info := c.pass.TypesInfo
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return slices.ContainsFunc(targets, func(t target) bool { return t.addr && info.Uses[x] == t.root })
	case *ast.StarExpr:
		return slices.ContainsFunc(targets, func(t target) bool { return isPointerTo(info, x.X, t) })
	case *ast.SelectorExpr:
		sel := info.Selections[x]
		if sel == nil || sel.Kind() != types.FieldVal || embedsPointerOnPath(info.TypeOf(x.X), sel.Index()) {
			return false
		}
		if isPointer(info.TypeOf(x.X)) {
			return slices.ContainsFunc(targets, func(t target) bool { return isPointerTo(info, x.X, t) })
		}
		return c.storageIn(x.X, targets)
	case *ast.IndexExpr:
		xt := info.TypeOf(x.X)
		if isArray(xt) {
			return c.storageIn(x.X, targets)
		}
		if isPointer(xt) {
			return slices.ContainsFunc(targets, func(t target) bool { return isPointerTo(info, x.X, t) })
		}
	}
	return false
}

// embedsPointerOnPath reports whether the field path idx from t goes
// through an embedded pointer, which leads to another allocation.
func embedsPointerOnPath(t types.Type, idx []int) bool {
	if t == nil {
		return true
	}
	cur := t
	if p, ok := cur.Underlying().(*types.Pointer); ok {
		cur = p.Elem()
	}
	for i, k := range idx {
		st, ok := cur.Underlying().(*types.Struct)
		if !ok || k >= st.NumFields() {
			return true
		}
		cur = st.Field(k).Type()
		if i < len(idx)-1 && isPointer(cur) {
			return true
		}
	}
	return false
}
