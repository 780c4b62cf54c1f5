package astx

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// A Use is a reference to a function or method of the package: a call of
// it, or a use as a value.
type Use struct {
	// Call is the call the reference is the callee of; nil for a value
	// use (a method value, a function handed as an argument).
	Call *ast.CallExpr
	// Parent is the node above Call (nil for a value use).
	Parent ast.Node
	// Decl is the function declaration around the reference (nil at
	// package level); Lit, the innermost function literal within Decl
	// around it, if any.
	Decl *ast.FuncDecl
	Lit  *ast.FuncLit
	// Test says the reference lies in a _test.go file.
	Test bool
}

// Func is the innermost function around the use: Lit, else Decl (nil at
// package level).
func (u Use) Func() ast.Node {
	if u.Lit != nil {
		return u.Lit
	}
	if u.Decl != nil {
		return u.Decl
	}
	return nil
}

// FuncUses indexes every reference to a function or method declared in
// pkg, the methods of its interfaces included. It walks the identifiers
// on the shared inspector (a flat scan, no per-node stack).
func FuncUses(in *inspector.Inspector, fset *token.FileSet, info *types.Info, pkg *types.Package) map[*types.Func][]Use {
	uses := map[*types.Func][]Use{}
	for file := range in.Root().Children() {
		test := InTestFile(fset, file.Node().(*ast.File).Package)
		for cur := range file.Preorder((*ast.Ident)(nil)) {
			id := cur.Node().(*ast.Ident)
			if fn, ok := info.Uses[id].(*types.Func); ok && fn.Pkg() == pkg {
				uses[fn] = append(uses[fn], useAt(cur, id, test))
			}
		}
	}
	return uses
}

// An AbstractCall is a call of an interface's method.
type AbstractCall struct {
	Use
	// Iface is the interface whose method is called.
	Iface *types.Interface
}

// AbstractCalls indexes, by method name, the calls of interface methods
// (of any package) in the files of in: the calls that may run a concrete
// method of the package without naming it.
func AbstractCalls(in *inspector.Inspector, fset *token.FileSet, info *types.Info) map[string][]AbstractCall {
	calls := map[string][]AbstractCall{}
	for file := range in.Root().Children() {
		test := InTestFile(fset, file.Node().(*ast.File).Package)
		for cur := range file.Preorder((*ast.Ident)(nil)) {
			id := cur.Node().(*ast.Ident)
			fn, ok := info.Uses[id].(*types.Func)
			if !ok {
				continue
			}
			iface := abstractRecv(fn)
			if iface == nil {
				continue
			}
			if u := useAt(cur, id, test); u.Call != nil {
				calls[fn.Name()] = append(calls[fn.Name()], AbstractCall{Use: u, Iface: iface})
			}
		}
	}
	return calls
}

// abstractRecv returns the interface fn is a method of, or nil.
func abstractRecv(fn *types.Func) *types.Interface {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return nil
	}
	iface, _ := recv.Type().Underlying().(*types.Interface)
	return iface
}

// useAt describes the reference id at cur.
func useAt(cur inspector.Cursor, id *ast.Ident, test bool) Use {
	u := Use{Test: test}
	callee, up := cur, cur.Parent()
	if sel, ok := up.Node().(*ast.SelectorExpr); ok && sel.Sel == id {
		callee, up = up, up.Parent()
	}
	if call, ok := up.Node().(*ast.CallExpr); ok && call.Fun == callee.Node() {
		u.Call = call
		u.Parent = up.Parent().Node()
	}
	for enc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := enc.Node().(type) {
		case *ast.FuncLit:
			if u.Lit == nil {
				u.Lit = n
			}
		case *ast.FuncDecl:
			u.Decl = n
			return u
		}
	}
	return u
}
