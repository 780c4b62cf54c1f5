package removedapis

import (
	"go/ast"
	"go/token"
	"go/types"
)

// function is the body of the function being checked, with an index of
// its locals built on first need.
type function struct {
	body *ast.BlockStmt
	// decl is the function's declaration (nil for a literal).
	decl *ast.FuncDecl
	idx  *fnIndex
	// switches caches switchesVersion by kind.
	switches map[string]bool
	// literals wait for the function's end (typemeta.go); reported
	// holds the subjects reported in it, by name.
	literals []pendingLiteral
	reported map[string]bool
}

// fnIndex is what a function does with its local variables.
type fnIndex struct {
	// defs holds each variable's defining expression; writes counts
	// its definitions and assignments; addr marks those whose address
	// is taken.
	defs   map[*types.Var]ast.Expr
	writes map[*types.Var]int
	addr   map[*types.Var]bool
	// sets holds, per variable, what sets an unstructured object's type:
	// SetAPIVersion, SetKind, SetGroupVersionKind and
	// SetUnstructuredContent calls, and assignments to its Object map or
	// to its "apiVersion" and "kind" keys.
	sets map[*types.Var][]typeSetter
}

// typeSetter is one statement that sets (part of) an object's type.
type typeSetter struct {
	method string   // SetAPIVersion, SetKind, SetGroupVersionKind, SetUnstructuredContent, "Object", "apiVersion", "kind"
	value  ast.Expr // the argument or assigned value
}

func (f *function) index(info *types.Info) *fnIndex {
	if f.idx != nil {
		return f.idx
	}
	x := &fnIndex{defs: map[*types.Var]ast.Expr{}, writes: map[*types.Var]int{}, addr: map[*types.Var]bool{}, sets: map[*types.Var][]typeSetter{}}
	f.idx = x
	ast.Inspect(f.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				var rhs ast.Expr
				if len(n.Rhs) == len(n.Lhs) {
					rhs = n.Rhs[i]
				}
				x.assign(info, l, rhs, n.Tok)
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if v, ok := info.Defs[name].(*types.Var); ok {
					x.writes[v]++
					if len(n.Values) == len(n.Names) {
						x.defs[v] = n.Values[i]
					}
				}
			}
		case *ast.IncDecStmt:
			if v := localVar(info, n.X); v != nil {
				x.writes[v] += 2
			}
		case *ast.UnaryExpr:
			if v := localVar(info, n.X); v != nil && n.Op == token.AND {
				x.addr[v] = true
			}
		case *ast.CallExpr:
			x.call(info, n)
		}
		return true
	})
	return x
}

func localVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := info.Defs[id].(*types.Var); ok {
		return v
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}

func (x *fnIndex) assign(info *types.Info, l, rhs ast.Expr, tok token.Token) {
	switch l := ast.Unparen(l).(type) {
	case *ast.Ident:
		v := localVar(info, l)
		if v == nil {
			return
		}
		x.writes[v]++
		if _, isDef := info.Defs[l]; isDef && tok == token.DEFINE && rhs != nil {
			x.defs[v] = rhs
		}
	case *ast.SelectorExpr: // u.Object = map[string]any{...}
		if v := localVar(info, l.X); v != nil && l.Sel.Name == "Object" && rhs != nil {
			x.sets[v] = append(x.sets[v], typeSetter{"Object", rhs})
		}
	case *ast.IndexExpr: // u.Object["apiVersion"] = "..."
		sel, ok := ast.Unparen(l.X).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Object" || rhs == nil {
			return
		}
		v := localVar(info, sel.X)
		key, ok := info.Types[l.Index]
		if v == nil || !ok || key.Value == nil {
			return
		}
		switch k := key.Value.ExactString(); k {
		case `"apiVersion"`, `"kind"`:
			x.sets[v] = append(x.sets[v], typeSetter{k[1 : len(k)-1], rhs})
		}
	}
}

// setterMethods are the methods of unstructured objects (and metav1's
// TypeMeta) that set their type.
var setterMethods = map[string]bool{
	"SetAPIVersion": true, "SetKind": true, "SetGroupVersionKind": true, "SetUnstructuredContent": true,
}

func (x *fnIndex) call(info *types.Info, call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !setterMethods[sel.Sel.Name] || len(call.Args) != 1 {
		return
	}
	if v := localVar(info, sel.X); v != nil {
		x.sets[v] = append(x.sets[v], typeSetter{sel.Sel.Name, call.Args[0]})
	}
}

// def returns the one expression v is ever given, or nil.
func (x *fnIndex) def(v *types.Var) ast.Expr {
	if x.writes[v] != 1 || x.addr[v] {
		return nil
	}
	return x.defs[v]
}
