package requeueerror

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
)

// A Reconcile method is judged on its own because controller-runtime may
// call it. It cannot when its type is a sub-reconciler the package keeps
// to itself (karpenter's nodeclaim lifecycle: Controller.Reconcile ranges
// over its unexported fields launch, registration, ... and returns
// Result{}, errs on any error). Such a type has an unexported field, so
// no other package can make a working one, and the package's own values
// of it are only stored in unexported fields whose uses never hand them
// on (a method call, a field read, a store, or a literal ranged over at
// once). Its methods then run only where the package calls them, by name
// or through an interface, and are judged like unexported helpers: when a
// call passes the pair on from a function that reaches controller-runtime.

// keptUses returns the calls that may run fn, a method of a type the
// package keeps to itself, and true; or false when fn's type may reach
// another package.
func (c *checker) keptUses(fn *types.Func) ([]astx.Use, bool) {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return nil, false
	}
	named, ok := astx.Deref(recv.Type()).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg || named.TypeParams() != nil {
		return nil, false
	}
	if c.kept == nil {
		c.kept = map[*types.TypeName]bool{}
	}
	tn := named.Obj()
	v, ok := c.kept[tn]
	if !ok {
		v = hasUnexportedField(named) && c.keptToItself(tn)
		c.kept[tn] = v
	}
	if !v {
		return nil, false
	}
	if c.abstract == nil {
		c.abstract = astx.AbstractCalls(c.in, c.pass.Fset, c.pass.TypesInfo)
	}
	uses := append([]astx.Use(nil), c.uses[fn]...)
	ptr := types.NewPointer(named)
	for _, a := range c.abstract[fn.Name()] {
		if types.Implements(ptr, a.Iface) {
			uses = append(uses, a.Use)
		}
	}
	return uses, true
}

// hasUnexportedField reports whether named is a struct with a field that
// other packages cannot set.
func hasUnexportedField(named *types.Named) bool {
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if !f.Exported() {
			return true
		}
	}
	return false
}

// keptToItself reports whether every reference to tn in the package's
// non-test files is a method's receiver, the type of an unexported named
// field, or a literal stored in an unexported field whose uses keep it in
// the package.
func (c *checker) keptToItself(tn *types.TypeName) bool {
	info := c.pass.TypesInfo
	holders := map[*types.Var]bool{}
	ok := true
	c.walkNonTest(func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || info.Uses[id] != tn {
			return true
		}
		f := c.heldIn(stack)
		if f == nil && !typeOfKeptField(stack) {
			ok = false
		}
		if f != nil {
			holders[f] = true
		}
		return ok
	})
	if !ok {
		return false
	}
	for f := range holders {
		if !c.fieldStaysIn(f) {
			return false
		}
	}
	return true
}

// walkNonTest calls visit on every node of the package's non-test files
// with the stack of its ancestors (outermost first); visit returns false
// to stop the walk.
func (c *checker) walkNonTest(visit func(n ast.Node, stack []ast.Node) bool) {
	going := true
	for file := range c.in.Root().Children() {
		f := file.Node().(*ast.File)
		if !going || astx.InTestFile(c.pass.Fset, f.Package) {
			continue
		}
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if going {
				going = visit(n, stack)
			}
			stack = append(stack, n)
			return going
		})
	}
}

// heldIn returns the unexported field that the literal whose type is the
// identifier on top of stack is stored in (T{...} or &T{...}, as a keyed
// value of a struct literal or assigned to a field), or nil.
func (c *checker) heldIn(stack []ast.Node) *types.Var {
	i := len(stack) - 1
	if i >= 0 {
		if _, ok := stack[i].(*ast.StarExpr); ok { // a receiver or field (*T)
			return nil
		}
	}
	lit, ok := at[*ast.CompositeLit](stack, i)
	if !ok {
		return nil
	}
	var val ast.Expr = lit
	i--
	if u, ok := at[*ast.UnaryExpr](stack, i); ok {
		val = u
		i--
	}
	switch p := stackAt(stack, i).(type) {
	case *ast.KeyValueExpr:
		if p.Value == val {
			return c.unexportedField(p.Key)
		}
	case *ast.AssignStmt:
		if len(p.Lhs) == len(p.Rhs) {
			for j, r := range p.Rhs {
				if r == val {
					return c.unexportedField(p.Lhs[j])
				}
			}
		}
	}
	return nil
}

// at returns stack[i] as a T.
func at[T ast.Node](stack []ast.Node, i int) (T, bool) {
	t, ok := stackAt(stack, i).(T)
	return t, ok
}

// stackAt returns stack[i], or nil when i is out of range.
func stackAt(stack []ast.Node, i int) ast.Node {
	if i < 0 || i >= len(stack) {
		return nil
	}
	return stack[i]
}

// unexportedField returns the unexported field that e (a literal's key,
// or x.f) names, or nil.
func (c *checker) unexportedField(e ast.Expr) *types.Var {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	}
	if id == nil {
		return nil
	}
	v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || !v.IsField() || v.Exported() || v.Embedded() {
		return nil
	}
	return v
}

// typeOfKeptField reports whether the identifier on top of stack is a
// method's receiver type or the type of a named, unexported field (T or
// *T).
func typeOfKeptField(stack []ast.Node) bool {
	i := len(stack) - 1
	if _, ok := at[*ast.StarExpr](stack, i); ok {
		i--
	}
	field, ok := at[*ast.Field](stack, i)
	if !ok {
		return false
	}
	list, _ := at[*ast.FieldList](stack, i-1)
	if fd, ok := at[*ast.FuncDecl](stack, i-2); ok && list != nil && fd.Recv == list {
		return true
	}
	if _, ok := at[*ast.StructType](stack, i-2); !ok || len(field.Names) == 0 {
		return false
	}
	for _, n := range field.Names {
		if n.IsExported() {
			return false
		}
	}
	return true
}

// fieldStaysIn reports whether every use of the field f in the package's
// non-test files keeps its value in the package: a method call on it or a
// field read (x.f.m), a store (x.f = v, T{f: v}), or an element of a
// literal ranged over at once (for _, r := range []I{x.f, ...}).
func (c *checker) fieldStaysIn(f *types.Var) bool {
	info := c.pass.TypesInfo
	ok := true
	c.walkNonTest(func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || info.Uses[id] != f {
			return true
		}
		ok = staysIn(id, stack)
		return ok
	})
	return ok
}

// staysIn reports whether the use id (on top of stack) of a field keeps
// its value in the package.
func staysIn(id *ast.Ident, stack []ast.Node) bool {
	i := len(stack) - 1
	if kv, ok := at[*ast.KeyValueExpr](stack, i); ok && kv.Key == id {
		return true // T{f: v}
	}
	sel, ok := at[*ast.SelectorExpr](stack, i)
	if !ok || sel.Sel != id {
		return false
	}
	switch p := stackAt(stack, i-1).(type) {
	case *ast.SelectorExpr:
		return p.X == sel // x.f.m(...), x.f.g
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == sel {
				return true // x.f = v
			}
		}
	case *ast.CompositeLit:
		rs, ok := at[*ast.RangeStmt](stack, i-2)
		return ok && rs.X == p
	}
	return false
}
