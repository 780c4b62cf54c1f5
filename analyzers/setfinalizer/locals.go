package setfinalizer

import (
	"go/ast"
	"go/token"
	"go/types"
)

// localVars records, for the local variables of one function body, the
// value each is defined with and how often it is assigned, so that a
// variable assigned once can be seen through (p := &x; fn := func...).
type localVars struct {
	def     map[*types.Var]ast.Expr
	assigns map[*types.Var]int
}

// locals returns the local variables of h's enclosing function.
func (c *checker) locals(h *hookCall) *localVars {
	if h.vars == nil {
		h.vars = scanLocals(c.pass.TypesInfo, h.body)
	}
	return h.vars
}

// scanLocals indexes the definitions and assignments in body (nil: none).
func scanLocals(info *types.Info, body *ast.BlockStmt) *localVars {
	lv := &localVars{def: map[*types.Var]ast.Expr{}, assigns: map[*types.Var]int{}}
	if body == nil {
		return lv
	}
	count := func(e ast.Expr, def ast.Expr) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return
		}
		v := varOf(info, id)
		if v == nil {
			return
		}
		lv.assigns[v]++
		if def != nil && info.Defs[id] == v {
			lv.def[v] = def
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				var def ast.Expr
				if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
					def = n.Rhs[i]
				}
				count(lhs, def)
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				var def ast.Expr
				if len(n.Names) == len(n.Values) {
					def = n.Values[i]
				}
				count(name, def)
			}
		case *ast.IncDecStmt:
			count(n.X, nil)
		case *ast.RangeStmt:
			if n.Key != nil {
				count(n.Key, nil)
			}
			if n.Value != nil {
				count(n.Value, nil)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				count(n.X, nil) // may be assigned through the pointer
				count(n.X, nil)
			}
		}
		return true
	})
	return lv
}

// varOf returns the variable id defines or uses, or nil.
func varOf(info *types.Info, id *ast.Ident) *types.Var {
	obj := info.Defs[id]
	if obj == nil {
		obj = info.Uses[id]
	}
	v, _ := obj.(*types.Var)
	return v
}

// resolve returns the value of the local variable id when it is defined
// with a value and never assigned again; otherwise nil.
func (lv *localVars) resolve(info *types.Info, id *ast.Ident) ast.Expr {
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || lv.assigns[v] != 1 {
		return nil
	}
	return lv.def[v]
}

// stable reports whether v keeps the value it was defined with in the
// enclosing function (parameters and package-level variables count as
// stable: nothing in the function reassigns them).
func (lv *localVars) stable(v *types.Var) bool {
	return lv.assigns[v] <= 1
}
