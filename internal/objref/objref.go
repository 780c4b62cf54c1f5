// Package objref finds the API objects that expressions of a function
// reach: `obj.Status.Phase` is field Status.Phase of the object held by the
// local variable obj, `list.Items[i].Spec` is field Spec of the object
// list.Items[i]. The checks that follow an object through a function
// (statusupdate, resourceversion) share it.
package objref

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"

	"github.com/opvet/opvet/internal/k8s"
)

// Ref names an object: a variable and the path from it to the object.
type Ref struct {
	Root *types.Var
	Path string // the object expression as written: "obj", "list.Items[i]"
}

// Access is an expression that reaches into (or is) an object.
type Access struct {
	Ref    Ref
	Object ast.Expr // the object expression
	// Fields are the field names selected after the object, with
	// "ObjectMeta" left out when more follow and index expressions
	// skipped: obj.ObjectMeta.Labels["a"] has Fields [Labels].
	Fields []string
	// Top is the outermost expression of the chain that was resolved.
	Top ast.Expr
}

// Resolve finds the object that e reaches: e is a chain of field
// selections, index expressions, dereferences and parentheses rooted at a
// variable that is not package-level; the object is the element of the
// chain closest to the root whose type is a concrete API object (a named
// struct embedding ObjectMeta) or unstructured.Unstructured.
func Resolve(info *types.Info, e ast.Expr) (Access, bool) {
	var chain []ast.Expr // from e down to the root
	cur := e
loop:
	for {
		chain = append(chain, cur)
		switch x := cur.(type) {
		case *ast.ParenExpr:
			cur = x.X
		case *ast.StarExpr:
			cur = x.X
		case *ast.IndexExpr:
			if tv, ok := info.Types[x.X]; !ok || !tv.IsValue() {
				return Access{}, false // generic instantiation
			}
			cur = x.X
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return Access{}, false
			}
			cur = x.X
		case *ast.Ident:
			break loop
		default:
			return Access{}, false
		}
	}
	root, _ := info.Uses[cur.(*ast.Ident)].(*types.Var)
	if root == nil || root.IsField() || root.Pkg() == nil || root.Parent() == root.Pkg().Scope() {
		return Access{}, false
	}
	for i := len(chain) - 1; i >= 0; i-- {
		t := info.TypeOf(chain[i])
		if t == nil || !(k8s.IsConcreteObject(t) || k8s.IsUnstructured(t)) {
			continue
		}
		obj := chain[i]
		return Access{
			Ref:    Ref{Root: root, Path: types.ExprString(obj)},
			Object: obj,
			Fields: fieldsAfter(chain[:i]),
			Top:    e,
		}, true
	}
	return Access{}, false
}

// fieldsAfter lists the selected field names of outer (outermost first)
// in source order.
func fieldsAfter(outer []ast.Expr) []string {
	var fields []string
	for i := len(outer) - 1; i >= 0; i-- {
		if sel, ok := outer[i].(*ast.SelectorExpr); ok {
			fields = append(fields, sel.Sel.Name)
		}
	}
	if len(fields) > 1 && fields[0] == "ObjectMeta" {
		fields = fields[1:]
	}
	return fields
}

// StripAddr removes parentheses and one & from e.
func StripAddr(e ast.Expr) ast.Expr {
	e, _ = astx.StripAddr(e)
	return e
}

// Locals reports which variables are local to body: declared inside it
// and not parameters or results of a function literal within it.
func Locals(body *ast.BlockStmt, info *types.Info) func(*types.Var) bool {
	params := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return true
		}
		for _, fl := range []*ast.FieldList{lit.Type.Params, lit.Type.Results} {
			if fl == nil {
				continue
			}
			for _, f := range fl.List {
				for _, name := range f.Names {
					if v, ok := info.Defs[name].(*types.Var); ok {
						params[v] = true
					}
				}
			}
		}
		return true
	})
	return func(v *types.Var) bool {
		return v != nil && v.Pos() >= body.Pos() && v.Pos() < body.End() && !params[v]
	}
}

// Use is one occurrence of an object in a function, with its context.
type Use struct {
	Access
	// Parent is the node that contains Access.Top (after a whole-object
	// &obj, the & is part of Top).
	Parent ast.Node
	// Stack is the path from the function body to Parent.
	Stack []ast.Node
}

// Uses calls f for every maximal chain that reaches an object in body,
// including bodies of function literals. A chain that takes the address
// of a whole object (&obj) is reported with the & as its top.
func Uses(body *ast.BlockStmt, info *types.Info, f func(Use)) {
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if id, ok := n.(*ast.Ident); ok {
			if _, isVar := info.Uses[id].(*types.Var); isVar {
				visit(info, id, stack, f)
			}
		}
		stack = append(stack, n)
		return true
	})
}

// visit climbs from the identifier to the top of its chain and reports
// the use.
func visit(info *types.Info, id *ast.Ident, stack []ast.Node, f func(Use)) {
	var top ast.Expr = id
	i := len(stack) - 1
	for ; i >= 0 && extends(info, stack[i], top); i-- {
		top = stack[i].(ast.Expr)
	}
	acc, ok := Resolve(info, top)
	if !ok {
		return
	}
	if i >= 0 {
		if u, ok := stack[i].(*ast.UnaryExpr); ok && u.Op == token.AND && len(acc.Fields) == 0 {
			acc.Top = u
			i--
		}
	}
	var parent ast.Node
	if i >= 0 {
		parent = stack[i]
	}
	f(Use{Access: acc, Parent: parent, Stack: stack[:max(i, 0)]})
}

// extends reports whether p continues the chain whose outermost
// expression so far is top.
func extends(info *types.Info, p ast.Node, top ast.Expr) bool {
	switch p := p.(type) {
	case *ast.ParenExpr:
		return p.X == top
	case *ast.StarExpr:
		return p.X == top
	case *ast.IndexExpr:
		return p.X == top
	case *ast.SelectorExpr:
		sel := info.Selections[p]
		return p.X == top && sel != nil && sel.Kind() == types.FieldVal
	}
	return false
}
