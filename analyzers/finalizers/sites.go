package finalizers

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/k8s"
)

// finName is a finalizer name as the check sees it at an add or remove.
type finName struct {
	known  bool   // the name is a constant
	value  string // its value, when known
	symbol string // "importpath.Name" when the name is a named constant
}

// site is one place that adds or removes a finalizer.
type site struct {
	call     *ast.CallExpr // the AddFinalizer/RemoveFinalizer/append/SetFinalizers call
	obj      ast.Expr      // the object whose finalizers change
	nameExpr ast.Expr      // the finalizer name
	name     finName
	helper   bool          // controllerutil.AddFinalizer/RemoveFinalizer (not append/SetFinalizers)
	wrapper  bool          // a call of a module helper such as finalizers.EnsureFinalizer
	decl     *ast.FuncDecl // enclosing top-level function
}

// collect finds the finalizer adds and removes of the package's non-test
// files, inside function declarations.
func (c *checker) collect(in *inspector.Inspector) {
	var fd *ast.FuncDecl
	filter := []ast.Node{(*ast.File)(nil), (*ast.FuncDecl)(nil), (*ast.CallExpr)(nil), (*ast.AssignStmt)(nil)}
	in.Nodes(filter, func(n ast.Node, push bool) bool {
		if !push {
			return true
		}
		switch n := n.(type) {
		case *ast.File:
			return !c.isTestFile(n.Pos())
		case *ast.FuncDecl:
			fd = n
			return n.Body != nil
		case *ast.CallExpr:
			if fd != nil && mayChangeFinalizers(k8s.CalleeName(n.Fun)) {
				c.collectCall(fd, n)
			}
		case *ast.AssignStmt:
			if fd != nil {
				c.collectAssign(fd, n)
			}
		}
		return true
	})
}

// mayChangeFinalizers reports whether a call spelled with name may be one
// that collectCall records, before any type lookup.
func mayChangeFinalizers(name string) bool {
	switch name {
	case "AddFinalizer", "RemoveFinalizer", "SetFinalizers":
		return true
	}
	return (strings.Contains(name, "inalizer") || strings.Contains(name, "INALIZER")) && isAddWrapper(name)
}

// collectCall records controllerutil.AddFinalizer/RemoveFinalizer and
// obj.SetFinalizers(append(obj.GetFinalizers(), name)).
func (c *checker) collectCall(fd *ast.FuncDecl, call *ast.CallExpr) {
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	switch {
	case len(call.Args) == 2 && k8s.IsFunc(fn, k8s.Controllerutil, "AddFinalizer"):
		c.adds = append(c.adds, c.newSite(fd, call, call.Args[0], call.Args[1], true))
	case len(call.Args) == 2 && k8s.IsFunc(fn, k8s.Controllerutil, "RemoveFinalizer"):
		c.removes = append(c.removes, c.newSite(fd, call, call.Args[0], call.Args[1], true))
	case isAddWrapper(fn.Name()) && !k8s.IsFunc(fn, k8s.Controllerutil, fn.Name()):
		// EnsureFinalizer(ctx, c, obj, name): the helper adds the name
		// (and may check and save); only items 1 and 3 apply.
		if arg := wrappedName(fn, call); arg != nil {
			if n := c.nameOf(arg); n.known {
				c.adds = append(c.adds, &site{call: call, nameExpr: arg, name: n, wrapper: true, decl: fd})
			}
		}
	case len(call.Args) == 1 && fn.Name() == "SetFinalizers":
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !k8s.IsAPIObject(c.pass.TypesInfo.TypeOf(sel.X)) {
			return
		}
		if dropsFinalizers(call.Args[0]) {
			c.drops = append(c.drops, dropSite{node: call, decl: fd})
			return
		}
		c.addList(fd, call, sel.X, call.Args[0])
	}
}

// addList records the constant names that list adds to obj's finalizers.
// Names that are not constants are skipped: such appends are as often the
// filtering loops that remove finalizers.
func (c *checker) addList(fd *ast.FuncDecl, call *ast.CallExpr, obj, list ast.Expr) {
	for _, name := range c.addedNames(list) {
		if s := c.newSite(fd, call, obj, name, false); s.name.known {
			c.adds = append(c.adds, s)
		}
	}
}

// isAddWrapper reports whether a function's name says it adds a finalizer:
// AddFinalizer, EnsureFinalizer, ensureFinalizerPresent.
func isAddWrapper(name string) bool {
	lower := strings.ToLower(name)
	return strings.Contains(lower, "finalizer") && !strings.Contains(lower, "finalizers") &&
		(strings.HasPrefix(lower, "add") || strings.HasPrefix(lower, "ensure"))
}

// wrappedName returns the argument of a call of an add wrapper that is
// the finalizer name: the string parameter whose name speaks of a
// finalizer, or the only string parameter.
func wrappedName(fn *types.Func, call *ast.CallExpr) ast.Expr {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Variadic() || sig.Params().Len() != len(call.Args) {
		return nil
	}
	var only ast.Expr
	strs := 0
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		if b, ok := p.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
			continue
		}
		if strings.Contains(strings.ToLower(p.Name()), "finalizer") {
			return call.Args[i]
		}
		strs++
		only = call.Args[i]
	}
	if strs == 1 {
		return only
	}
	return nil
}

// collectAssign records obj.Finalizers = append(obj.Finalizers, name), and
// stores that drop finalizers (obj.Finalizers = nil) for item 5.
func (c *checker) collectAssign(fd *ast.FuncDecl, as *ast.AssignStmt) {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return
	}
	sel, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr)
	if !ok || !c.isFinalizersField(sel) {
		return
	}
	if as.Tok == token.ASSIGN && dropsFinalizers(as.Rhs[0]) {
		c.drops = append(c.drops, dropSite{node: as, decl: fd})
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !c.isBuiltin(call.Fun, "append") {
		return
	}
	c.addList(fd, call, objectOf(sel.X), call)
}

// objectOf strips a trailing .ObjectMeta: obj.ObjectMeta.Finalizers
// changes obj.
func objectOf(e ast.Expr) ast.Expr {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
		return sel.X
	}
	return e
}

// isFinalizersField reports whether sel selects metav1.ObjectMeta's
// Finalizers field.
func (c *checker) isFinalizersField(sel *ast.SelectorExpr) bool {
	if sel.Sel.Name != "Finalizers" {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	return ok && v.IsField() && k8s.PkgPath(v.Pkg()) == k8s.MetaV1
}

func (c *checker) isBuiltin(fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// addedNames returns the names that e adds to a finalizer list: the
// appended elements of append(list, a, b), or the elements of
// []string{a, b}.
func (c *checker) addedNames(e ast.Expr) []ast.Expr {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if c.isBuiltin(e.Fun, "append") && len(e.Args) > 1 && !e.Ellipsis.IsValid() {
			return e.Args[1:]
		}
	case *ast.CompositeLit:
		var out []ast.Expr
		for _, elt := range e.Elts {
			if _, ok := elt.(*ast.KeyValueExpr); !ok {
				out = append(out, elt)
			}
		}
		return out
	}
	return nil
}

func (c *checker) newSite(fd *ast.FuncDecl, call *ast.CallExpr, obj, name ast.Expr, helper bool) *site {
	return &site{call: call, obj: obj, nameExpr: name, name: c.nameOf(name), helper: helper, decl: fd}
}

// nameOf resolves a finalizer name expression with type information.
func (c *checker) nameOf(e ast.Expr) finName {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return finName{}
	}
	n := finName{known: true, value: constant.StringVal(tv.Value)}
	if k := constSymbol(c.pass.TypesInfo, e); k != "" {
		n.symbol = k
	}
	return n
}

// constSymbol returns "importpath.Name" when e names a package-level
// constant (possibly converted: T(C)), or "".
func constSymbol(info *types.Info, e ast.Expr) string {
	k := packageConst(info, e)
	if k == nil {
		return ""
	}
	return k8s.PkgPath(k.Pkg()) + "." + k.Name()
}

// packageConst returns the package-level constant that e names, through
// conversions (string(v1.Finalizer)), or nil.
func packageConst(info *types.Info, e ast.Expr) *types.Const {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
			return packageConst(info, call.Args[0])
		}
		return nil
	}
	var id *ast.Ident
	switch e := e.(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return nil
	}
	k, ok := info.Uses[id].(*types.Const)
	if !ok || k.Pkg() == nil || k.Parent() != k.Pkg().Scope() {
		return nil
	}
	return k
}
