package mergefrom

import (
	"go/ast"
	"go/token"
	"go/types"
)

// escaped lists, for one top-level function, the variables that may be
// rebound behind the walker's back: those whose address is taken while
// they hold a reference (f(&obj) may set obj), and those assigned inside a
// function literal (assigned in body B, they may change whenever a
// literal runs). A base rooted at such a variable is not tracked.
type escaped struct {
	addrTaken  map[*types.Var]bool
	assignedIn map[*types.Var][]ast.Node // innermost functions assigning the variable
}

// unsafe reports whether v may be rebound where the walker of fn cannot
// see it.
func (e *escaped) unsafe(v *types.Var, fn ast.Node) bool {
	if e.addrTaken[v] {
		return true
	}
	for _, f := range e.assignedIn[v] {
		if f != fn {
			return true
		}
	}
	return false
}

func escapes(info *types.Info, fn ast.Node) *escaped {
	e := &escaped{addrTaken: map[*types.Var]bool{}, assignedIn: map[*types.Var][]ast.Node{}}
	var stack []ast.Node
	assigned := func(x ast.Expr) {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok || len(stack) == 0 {
			return
		}
		if v, ok := info.Uses[id].(*types.Var); ok {
			e.assignedIn[v] = append(e.assignedIn[v], stack[len(stack)-1])
		}
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, innermost(stack, n))
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				assigned(l)
			}
		case *ast.IncDecStmt:
			assigned(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				assigned(n.Key)
				assigned(n.Value)
			}
		case *ast.UnaryExpr:
			if n.Op != token.AND {
				break
			}
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && isReference(v.Type()) {
					e.addrTaken[v] = true
				}
			}
		}
		return true
	})
	return e
}

// innermost returns the function node that n belongs to: n itself for a
// function, else the innermost function on the stack.
func innermost(stack []ast.Node, n ast.Node) ast.Node {
	switch n.(type) {
	case *ast.FuncDecl, *ast.FuncLit:
		return n
	}
	if len(stack) == 0 {
		return n
	}
	return stack[len(stack)-1]
}
