package requeueerror

import (
	"go/ast"
	"go/types"
	"slices"

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
	if !ok || named.Obj().Pkg() != c.pass.Pkg || named.TypeParams() != nil || !hasUnexportedField(named) {
		return nil, false
	}
	if c.kept == nil {
		c.kept = c.keptTypes()
		c.abstract = astx.AbstractCalls(c.in, c.pass.Fset, c.pass.TypesInfo)
	}
	if !c.kept[named.Obj()] {
		return nil, false
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

// keptTypes returns the package's types every reference to which in its
// non-test files is a method's receiver, the type of an unexported named
// field, or a literal stored in an unexported field whose uses keep it in
// the package (one walk of the files for every type).
func (c *checker) keptTypes() map[*types.TypeName]bool {
	info := c.pass.TypesInfo
	holders := map[*types.TypeName][]*types.Var{}
	escapes := map[*types.TypeName]bool{}
	leaks := map[*types.Var]bool{}
	c.walkNonTest(func(id *ast.Ident, stack []ast.Node) {
		switch obj := info.Uses[id].(type) {
		case *types.TypeName:
			if obj.Pkg() != c.pass.Pkg {
				return
			}
			if f := c.heldIn(stack); f != nil {
				holders[obj] = append(holders[obj], f)
			} else if !typeOfKeptField(stack) {
				escapes[obj] = true
			}
		case *types.Var:
			if obj.IsField() && obj.Pkg() == c.pass.Pkg && !obj.Exported() && !staysIn(id, stack) {
				leaks[obj] = true
			}
		}
	})
	kept := map[*types.TypeName]bool{}
	for tn, fs := range holders {
		kept[tn] = !escapes[tn] && !slices.ContainsFunc(fs, func(f *types.Var) bool { return leaks[f] })
	}
	return kept
}

// walkNonTest calls visit on every identifier of the package's non-test
// files with its nearest ancestors (outermost first; the few the rules of
// this file look at).
func (c *checker) walkNonTest(visit func(id *ast.Ident, stack []ast.Node)) {
	const depth = 4
	stack := make([]ast.Node, depth)
	for file := range c.in.Root().Children() {
		if astx.InTestFile(c.pass.Fset, file.Node().(*ast.File).Package) {
			continue
		}
		for cur := range file.Preorder((*ast.Ident)(nil)) {
			i := depth
			for p := cur.Parent(); i > 0 && p.Node() != nil; p = p.Parent() {
				i--
				stack[i] = p.Node()
			}
			visit(cur.Node().(*ast.Ident), stack[i:])
		}
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
	id := astx.NameIdent(e)
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
