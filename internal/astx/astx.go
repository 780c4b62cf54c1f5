// Package astx holds the small syntax and type helpers that several checks
// need, so that each is written once.
package astx

import (
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
)

// ShortPos spells pos as file:line, the file without its directory, for
// messages that point at another place of the package.
func ShortPos(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// AssignsOrAddresses reports whether body assigns the variable v or takes
// its address: a parameter may then hold something its callers did not
// pass.
func AssignsOrAddresses(info *types.Info, body ast.Node, v *types.Var) bool {
	found := false
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				found = found || is(lhs)
			}
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && is(n.X)
		}
		return !found
	})
	return found
}

// Construction reports whether e builds a new value: T{...}, &T{...} or
// new(T), and returns the literal (nil for new(T)).
func Construction(e ast.Expr) (*ast.CompositeLit, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return e, true
	case *ast.UnaryExpr:
		lit, ok := ast.Unparen(e.X).(*ast.CompositeLit)
		return lit, e.Op == token.AND && ok
	case *ast.CallExpr:
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		return nil, ok && id.Name == "new" && len(e.Args) == 1
	}
	return nil, false
}

// StripAddr removes parentheses and one leading & from e, reporting
// whether there was a &.
func StripAddr(e ast.Expr) (ast.Expr, bool) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return ast.Unparen(u.X), true
	}
	return e, false
}

// StripStar removes one leading * from a type expression.
func StripStar(e ast.Expr) ast.Expr {
	if s, ok := e.(*ast.StarExpr); ok {
		return s.X
	}
	return e
}

// Deref returns the element type of a pointer type (after aliases), or t.
func Deref(t types.Type) types.Type {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return types.Unalias(p.Elem())
	}
	return t
}

// Method returns the method name of t (or *t) as seen from pkg, or nil.
func Method(t types.Type, pkg *types.Package, name string) *types.Func {
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	fn, _ := obj.(*types.Func)
	return fn
}

// FuncNodes is the inspector filter of function declarations and literals.
var FuncNodes = []ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)}

// Funcs calls f, in source order, for each function declaration with a
// body and each function literal indexed by in. Checks use it rather than
// walking whole files: the inspector skips other nodes by type.
func Funcs(in *inspector.Inspector, f func(fn ast.Node)) {
	in.Preorder(FuncNodes, func(n ast.Node) {
		if d, ok := n.(*ast.FuncDecl); ok && d.Body == nil {
			return
		}
		f(n)
	})
}

// InTestFile reports whether pos lies in a _test.go file.
func InTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos) // the file itself, not a //line directive's name
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// IsNil reports whether e is the untyped nil.
func IsNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// ParamIndex is the index of v among sig's parameters, -1 when v is the
// receiver, -2 when it is neither.
func ParamIndex(sig *types.Signature, v *types.Var) int {
	if v == nil {
		return -2
	}
	if sig.Recv() == v {
		return -1
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == v {
			return i
		}
	}
	return -2
}

// FuncDecls maps the functions and methods declared with a body in files
// to their declarations.
func FuncDecls(files []*ast.File, info *types.Info) map[*types.Func]*ast.FuncDecl {
	out := map[*types.Func]*ast.FuncDecl{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					out[fn] = fd
				}
			}
		}
	}
	return out
}

// Idents calls f for each identifier under root, with the nodes that
// enclose it, root first and the identifier last.
func Idents(root ast.Node, f func(id *ast.Ident, stack []ast.Node)) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if id, ok := n.(*ast.Ident); ok {
			f(id, stack)
		}
		return true
	})
}

// InterfaceMethodNames returns the method names of the interfaces declared
// at the top level of pkg: a method of that name may be called through one
// of them, by calls that do not name it.
func InterfaceMethodNames(pkg *types.Package) map[string]bool {
	out := map[string]bool{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if it, ok := tn.Type().Underlying().(*types.Interface); ok {
			for i := 0; i < it.NumMethods(); i++ {
				out[it.Method(i).Name()] = true
			}
		}
	}
	return out
}

// ConcreteTypes returns the named types declared at the top level of pkg
// that are neither aliases nor interfaces: the types whose methods may
// implement an interface.
func ConcreteTypes(pkg *types.Package) []*types.Named {
	var out []*types.Named
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if t, ok := tn.Type().(*types.Named); ok && !types.IsInterface(t) {
			out = append(out, t)
		}
	}
	return out
}

// Implementation is a named type that implements an interface and the
// method it runs for one of the interface's methods.
type Implementation struct {
	Type   *types.Named
	Method *types.Func
}

// Implementations returns the types of named that implement iface, by
// value or by pointer, each with its method named like fn, the method of
// iface called. A type whose method is fn itself (a struct that embeds
// the interface, which runs what it holds) is left out.
func Implementations(named []*types.Named, fn *types.Func, iface *types.Interface) []Implementation {
	if iface == nil || iface.NumMethods() == 0 {
		return nil
	}
	var out []Implementation
	for _, t := range named {
		// The method's name first: one lookup rejects most types, where
		// Implements looks up every method of the interface.
		obj, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
		m, ok := obj.(*types.Func)
		if !ok || m == fn || !types.Implements(t, iface) && !types.Implements(types.NewPointer(t), iface) {
			continue
		}
		out = append(out, Implementation{Type: t, Method: m})
	}
	return out
}

// ImportOf returns the import path that name refers to in f's imports,
// or "". An import without a name is matched by the package names its
// path suggests (see importNames), since the file alone does not say.
func ImportOf(f *ast.File, name string) string {
	if f == nil {
		return ""
	}
	for _, is := range f.Imports {
		p, err := strconv.Unquote(is.Path.Value)
		if err != nil {
			continue
		}
		if is.Name != nil {
			if is.Name.Name == name {
				return p
			}
			continue
		}
		for _, local := range importNames(p) {
			if local == name {
				return p
			}
		}
	}
	return ""
}

// importNames guesses the package names of an import path without type
// information: its last element (without a "go-" prefix or ".go"/"-go"
// suffix, gopkg.in's ".v3" too) and, for a major version suffix ("/v2"),
// the element before.
func importNames(p string) []string {
	clean := func(s string) string {
		if i := strings.LastIndex(s, ".v"); i > 0 && isDigits(s[i+2:]) {
			s = s[:i]
		}
		s = strings.TrimPrefix(s, "go-")
		s = strings.TrimSuffix(strings.TrimSuffix(s, ".go"), "-go")
		return strings.ReplaceAll(s, "-", "_")
	}
	base := path.Base(p)
	names := []string{clean(base)}
	if len(base) > 1 && base[0] == 'v' && isDigits(base[1:]) {
		names = append(names, clean(path.Base(path.Dir(p))))
	}
	return names
}

// RecvBase returns the base type name of a method's receiver (through
// parentheses and type arguments) and whether the receiver is a pointer;
// "" for a function.
func RecvBase(fd *ast.FuncDecl) (string, bool) {
	if fd.Recv == nil || len(fd.Recv.List) != 1 {
		return "", false
	}
	t, ptr := fd.Recv.List[0].Type, false
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t, ptr = x.X, true
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name, ptr
		default:
			return "", false
		}
	}
}

func isDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// NameIdent returns the identifier that names what e denotes: e itself,
// or the selected name of x.Name and pkg.Name (through parentheses); nil
// for any other expression.
func NameIdent(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}
