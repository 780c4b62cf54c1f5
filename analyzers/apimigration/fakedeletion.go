package apimigration

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/apimigration"
)

// fakeDeletions reports, in each function body, the objects handed to a
// fake client builder (WithObjects, WithRuntimeObjects) that the same body
// marks deleted (a DeletionTimestamp) without giving them a finalizer:
// from v0.15 the builder refuses them.
func (c *checker) fakeDeletions(s span) {
	for _, f := range c.files {
		c.file = f
		ast.Inspect(f, func(n ast.Node) bool {
			switch fn := n.(type) {
			case *ast.FuncDecl:
				if fn.Body != nil {
					c.fakeDeletionsIn(fn.Body, s)
				}
			case *ast.FuncLit:
				c.fakeDeletionsIn(fn.Body, s)
			}
			return true
		})
	}
}

// objectMarks records what a function body sets on its variables.
type objectMarks struct {
	deleting, finalized map[types.Object]bool
}

// fakeDeletionsIn checks one function body, not the function literals in it.
func (c *checker) fakeDeletionsIn(body *ast.BlockStmt, s span) {
	m := objectMarks{deleting: map[types.Object]bool{}, finalized: map[types.Object]bool{}}
	var adds []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				c.markField(lhs, m)
				if len(n.Rhs) == len(n.Lhs) {
					c.markLiteral(lhs, n.Rhs[i], m)
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if i < len(n.Values) {
					c.markLiteral(name, n.Values[i], m)
				}
			}
		case *ast.CallExpr:
			if c.fakeBuilderAdd(n) {
				adds = append(adds, n)
			}
			c.markCall(n, m)
		}
		return true
	})
	for _, call := range adds {
		for _, arg := range call.Args {
			if c.deletedWithoutFinalizer(arg, m) {
				c.reportBehaviour(arg, "this object has a DeletionTimestamp and no finalizer", apimigration.FakeDeletion, s)
			}
		}
	}
}

// fakeBuilderAdd reports whether call adds objects to a fake client
// builder: WithObjects or WithRuntimeObjects in a chain that starts with
// fake.NewClientBuilder.
func (c *checker) fakeBuilderAdd(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "WithObjects" && sel.Sel.Name != "WithRuntimeObjects") {
		return false
	}
	return c.rootOf(chainOf(call)) == crFake+".NewClientBuilder"
}

// deletedWithoutFinalizer reports whether arg is a variable the body marks
// deleted and gives no finalizer, or a literal with a DeletionTimestamp and
// no Finalizers.
func (c *checker) deletedWithoutFinalizer(arg ast.Expr, m objectMarks) bool {
	if obj := c.rootVar(arg); obj != nil {
		return m.deleting[obj] && !m.finalized[obj]
	}
	deleting, finalized := literalKeys(arg)
	return deleting && !finalized
}

// markField marks the variable whose DeletionTimestamp or Finalizers lhs
// assigns (x.DeletionTimestamp, x.ObjectMeta.Finalizers).
func (c *checker) markField(lhs ast.Expr, m objectMarks) {
	sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
	if !ok {
		return
	}
	obj := c.rootVar(sel.X)
	if obj == nil {
		return
	}
	switch sel.Sel.Name {
	case "DeletionTimestamp":
		m.deleting[obj] = true
	case "Finalizers":
		m.finalized[obj] = true
	}
}

// markLiteral marks the variable lhs when value is a literal that sets
// DeletionTimestamp or Finalizers.
func (c *checker) markLiteral(lhs, value ast.Expr, m objectMarks) {
	obj := c.rootVar(lhs)
	if obj == nil {
		return
	}
	deleting, finalized := literalKeys(value)
	if deleting {
		m.deleting[obj] = true
	}
	if finalized {
		m.finalized[obj] = true
	}
}

// markCall marks the variable a call deletes (x.SetDeletionTimestamp) or
// gives finalizers (x.SetFinalizers, controllerutil.AddFinalizer(x, …)).
func (c *checker) markCall(call *ast.CallExpr, m objectMarks) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	switch sel.Sel.Name {
	case "SetDeletionTimestamp":
		if obj := c.rootVar(sel.X); obj != nil {
			m.deleting[obj] = true
		}
	case "SetFinalizers":
		if obj := c.rootVar(sel.X); obj != nil {
			m.finalized[obj] = true
		}
	case "AddFinalizer":
		if len(call.Args) > 0 {
			if obj := c.rootVar(call.Args[0]); obj != nil {
				m.finalized[obj] = true
			}
		}
	}
}

// rootVar returns the variable that e names, through &, * and field
// selections (&x, x.ObjectMeta), or nil.
func (c *checker) rootVar(e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := c.pass.TypesInfo.ObjectOf(x).(*types.Var); ok {
				return v
			}
			return nil
		case *ast.UnaryExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			if _, ok := c.pass.TypesInfo.Selections[x]; !ok {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
}

// literalKeys reports whether the composite literal e (or &e) has the
// keys DeletionTimestamp and Finalizers, at any depth.
func literalKeys(e ast.Expr) (deleting, finalized bool) {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		e = u.X
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return false, false
	}
	ast.Inspect(lit, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				deleting = deleting || id.Name == "DeletionTimestamp"
				finalized = finalized || id.Name == "Finalizers"
			}
		}
		return true
	})
	return deleting, finalized
}
