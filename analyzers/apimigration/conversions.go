package apimigration

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/apimigration"
	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// conversions finds the values handed where a library's named type is
// expected (call arguments, assignments, variable declarations, returns,
// composite literal elements) and reports those the span breaks: a type
// of the operator's that implements a changed interface, a function
// handed as a changed function type.
func (c *checker) conversions() {
	if !c.crossesConversionChange() {
		return
	}
	filter := []ast.Node{(*ast.CallExpr)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.ReturnStmt)(nil), (*ast.CompositeLit)(nil)}
	for fc := range c.in.Root().Children() {
		f, ok := fc.Node().(*ast.File)
		if !ok || c.fileOf(f.Pos()) != f {
			continue // a generated file
		}
		c.file = f
		for cur := range fc.Preorder(filter...) {
			switch n := cur.Node().(type) {
			case *ast.CallExpr:
				c.callArgs(n)
			case *ast.AssignStmt:
				if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
					for i, lhs := range n.Lhs {
						c.convert(n.Rhs[i], c.pass.TypesInfo.TypeOf(lhs))
					}
				}
			case *ast.ValueSpec:
				if n.Type != nil {
					for _, v := range n.Values {
						c.convert(v, c.pass.TypesInfo.TypeOf(n.Type))
					}
				}
			case *ast.ReturnStmt:
				c.returns(cur, n)
			case *ast.CompositeLit:
				c.literalElements(n)
			}
		}
	}
}

// conversionMinors are, for each module of the table, the releases with a
// change that can break a conversion to a library type (a method added
// to an interface, a type that stops implementing one, a changed type
// definition or method signature). Derived from the table at start-up and
// never written afterwards.
var conversionMinors = func() map[string][]int {
	out := map[string][]int{}
	for _, r := range apimigration.Changes {
		if r.Kind == apimigration.MethodAdded || r.Kind == apimigration.NoLongerImplements ||
			(r.Kind == apimigration.Changed && (r.What == apimigration.Type || r.What == apimigration.Method)) {
			_, mod := apimigration.FamilyOf(r.Pkg)
			out[mod] = append(out[mod], r.Minor)
		}
	}
	return out
}()

// crossesConversionChange reports whether the upgrade crosses a release
// with a change that can break a conversion (conversionMinors).
func (c *checker) crossesConversionChange() bool {
	for mod, minors := range conversionMinors {
		s, ok := c.spanOf(mod)
		if !ok {
			continue
		}
		for _, m := range minors {
			if s.contains(m) {
				return true
			}
		}
	}
	return false
}

// returns converts the results of ret to the result types of the
// enclosing function.
func (c *checker) returns(cur inspector.Cursor, ret *ast.ReturnStmt) {
	if len(ret.Results) == 0 {
		return
	}
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		sig := enclosingSignature(c.pass.TypesInfo, []ast.Node{fn.Node()})
		if sig != nil && sig.Results().Len() == len(ret.Results) {
			for i, r := range ret.Results {
				c.convert(r, sig.Results().At(i).Type())
			}
		}
		return
	}
}

// enclosingSignature is the signature of the innermost function of stack.
func enclosingSignature(info *types.Info, stack []ast.Node) *types.Signature {
	for i := len(stack) - 1; i >= 0; i-- {
		switch fn := stack[i].(type) {
		case *ast.FuncLit:
			sig, _ := info.TypeOf(fn).(*types.Signature)
			return sig
		case *ast.FuncDecl:
			if obj, ok := info.Defs[fn.Name].(*types.Func); ok {
				return obj.Signature()
			}
			return nil
		}
	}
	return nil
}

// callArgs converts each argument of call to its parameter's type.
func (c *checker) callArgs(call *ast.CallExpr) {
	if len(call.Args) == 0 {
		return // nothing is converted
	}
	sig := c.calleeSignature(call)
	if sig == nil || !c.convertibleParams(sig) || c.spreads(call) {
		return
	}
	params := sig.Params()
	for i, arg := range call.Args {
		var t types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			t = params.At(params.Len() - 1).Type()
			if !call.Ellipsis.IsValid() {
				if s, ok := t.(*types.Slice); ok {
					t = s.Elem()
				}
			}
		case i < params.Len():
			t = params.At(i).Type()
		}
		c.convert(arg, t)
	}
}

// calleeSignature returns the signature of the function that call calls
// (nil for a conversion or a builtin). A named function or method that
// is not generic is found through Uses, a pointer-keyed map, which is
// cheaper than Types' interface keys: most calls are of such functions.
func (c *checker) calleeSignature(call *ast.CallExpr) *types.Signature {
	if id := astx.NameIdent(call.Fun); id != nil {
		if fn, ok := c.pass.TypesInfo.Uses[id].(*types.Func); ok {
			if sig := fn.Signature(); fn.Origin() == fn && sig.TypeParams().Len() == 0 && sig.RecvTypeParams().Len() == 0 {
				return sig
			}
		}
	}
	tv, ok := c.pass.TypesInfo.Types[call.Fun]
	if !ok || tv.IsType() || tv.Type == nil {
		return nil
	}
	sig, _ := tv.Type.Underlying().(*types.Signature)
	return sig
}

// convertibleParams reports, once per signature, whether a parameter's
// type is a library type that the span changes (convertibleTo).
func (c *checker) convertibleParams(sig *types.Signature) bool {
	if v, ok := c.sigs[sig]; ok {
		return v
	}
	v := false
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		if s, ok := t.(*types.Slice); ok && sig.Variadic() && i == sig.Params().Len()-1 {
			t = s.Elem()
		}
		v = v || c.convertibleTo(t)
	}
	c.sigs[sig] = v
	return v
}

// convertibleTo reports whether a conversion to t can break: t is a
// library's named function or interface type (not a pointer) that the
// span changes (convertible).
func (c *checker) convertibleTo(t types.Type) bool {
	if t == nil {
		return false
	}
	named := namedOf(types.Unalias(t))
	if named == nil || named.Obj().Pkg() == nil {
		return false
	}
	if _, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		return false
	}
	p := c.packageInfo(named.Obj().Pkg())
	return p.ok && c.convertible(named, p)
}

// convertibleElements reports, once per composite type, whether one of
// its fields, elements or keys is convertibleTo.
func (c *checker) convertibleElements(u types.Type) bool {
	if v, ok := c.composites[u]; ok {
		return v
	}
	v := false
	switch u := u.(type) {
	case *types.Struct:
		for f := range u.Fields() {
			v = v || c.convertibleTo(f.Type())
		}
	case *types.Slice:
		v = c.convertibleTo(u.Elem())
	case *types.Array:
		v = c.convertibleTo(u.Elem())
	case *types.Map:
		v = c.convertibleTo(u.Key()) || c.convertibleTo(u.Elem())
	}
	c.composites[u] = v
	return v
}

// literalElements converts the elements of a composite literal to the
// types of its fields, elements or map keys and values.
func (c *checker) literalElements(lit *ast.CompositeLit) {
	if len(lit.Elts) == 0 {
		return // &corev1.Pod{} and the like: nothing is converted
	}
	t := c.literalType(lit)
	if t == nil || !c.convertibleElements(t.Underlying()) {
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok {
						c.convert(kv.Value, f.Type())
					}
				}
			} else if i < u.NumFields() {
				c.convert(e, u.Field(i).Type())
			}
		}
	case *types.Slice, *types.Array, *types.Map:
		var key, elem types.Type
		switch u := u.(type) {
		case *types.Slice:
			elem = u.Elem()
		case *types.Array:
			elem = u.Elem()
		case *types.Map:
			key, elem = u.Key(), u.Elem()
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if key != nil {
					c.convert(kv.Key, key)
				}
				e = kv.Value
			}
			c.convert(e, elem)
		}
	}
}

// literalType returns the type of lit: through Uses (a pointer-keyed
// map, cheaper than Types' interface keys) when its syntax names a type
// that is not generic, as most literals' does.
func (c *checker) literalType(lit *ast.CompositeLit) types.Type {
	if id := astx.NameIdent(lit.Type); id != nil {
		if tn, ok := c.pass.TypesInfo.Uses[id].(*types.TypeName); ok {
			if n, isNamed := tn.Type().(*types.Named); !isNamed || n.TypeParams().Len() == 0 {
				return tn.Type()
			}
		}
	}
	return c.pass.TypesInfo.TypeOf(lit)
}

// convert judges the implicit conversion of expr to type to.
func (c *checker) convert(expr ast.Expr, to types.Type) {
	if to == nil {
		return
	}
	if !c.convertibleTo(to) {
		return
	}
	named := namedOf(types.Unalias(to))
	pkg := c.packageInfo(named.Obj().Pkg()).path
	from := c.pass.TypesInfo.TypeOf(expr)
	if from == nil || types.Identical(from, to) || isUntypedNil(from) {
		return
	}
	switch u := named.Underlying().(type) {
	case *types.Signature:
		c.funcConversion(expr, named, pkg)
	case *types.Interface:
		c.implementation(expr, from, named, u, pkg)
	}
}

// convertible reports, once per type, whether the span changes the
// library's named type in a way that can break a conversion to it: a
// function type whose signature changes; an interface that gains a
// method, whose methods change, or that a type of its package stops
// implementing.
func (c *checker) convertible(named *types.Named, p *pkgInfo) bool {
	if v, ok := c.ifaces[named]; ok {
		return v
	}
	v := false
	name := named.Obj().Name()
	switch u := named.Underlying().(type) {
	case *types.Signature:
		v = len(spanRows(apimigration.ChangesOf(p.path, name), p.span, apimigration.Changed)) > 0
	case *types.Interface:
		for _, r := range apimigration.PackageChanges(p.path) {
			if p.span.contains(r.Minor) && ((r.Kind == apimigration.NoLongerImplements && r.New == name) ||
				(r.Kind == apimigration.MethodAdded && strings.HasPrefix(r.Object, name+"."))) {
				v = true
			}
		}
		for m := range u.Methods() {
			if info := c.objectInfo(m); !v && info != nil && len(spanRows(info.rows, info.span, apimigration.Changed)) > 0 {
				v = true
			}
		}
	}
	c.ifaces[named] = v
	return v
}

// isUntypedNil reports whether t is the type of nil, which converts to
// any function or interface type at every release.
func isUntypedNil(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.UntypedNil
}

// funcConversion reports a function handed as a function type that
// changed (handler.MapFunc in v0.15).
func (c *checker) funcConversion(expr ast.Expr, named *types.Named, pkg string) {
	s, row, ok := c.changeOf(pkg, named.Obj().Name(), apimigration.Changed)
	if !ok {
		return
	}
	what := "this function"
	if _, ok := ast.Unparen(expr).(*ast.FuncLit); !ok {
		what = types.ExprString(expr)
	}
	c.reportChange(expr, fmt.Sprintf("%s is a %s.%s, which", what, named.Obj().Pkg().Name(), named.Obj().Name()),
		s, row, c.mapFuncFix(expr, row, s))
}

// implementation reports a type of the operator's handed as a library
// interface that the span changes: a method the interface gained and the
// type lacks, a method whose signature changed and that the type declares
// itself, or, for a library type, an interface it no longer implements.
func (c *checker) implementation(expr ast.Expr, from types.Type, iface *types.Named, u *types.Interface, pkg string) {
	if types.IsInterface(from) {
		return
	}
	t := namedOf(from)
	if t == nil || t.Obj().Pkg() == nil {
		return
	}
	s, ok := c.spanOf(pkg)
	if !ok {
		return
	}
	ifaceName := iface.Obj().Pkg().Name() + "." + iface.Obj().Name()
	if _, gone := applicable(apimigration.ChangesOf(pkg, iface.Obj().Name()), s, apimigration.Removed); gone {
		return // the use of the interface's name says it
	}
	if isLibrary(t.Obj().Pkg()) {
		c.noLongerImplements(expr, t, iface, s)
		return
	}
	for m := range u.Methods() {
		c.changedMethod(expr, from, t, m, ifaceName)
	}
	prefix := iface.Obj().Name() + "."
	for _, row := range apimigration.PackageChanges(pkg) {
		if row.Kind != apimigration.MethodAdded || !strings.HasPrefix(row.Object, prefix) || !s.contains(row.Minor) {
			continue
		}
		method := strings.TrimPrefix(row.Object, prefix)
		if obj, _, _ := types.LookupFieldOrMethod(from, true, c.pass.Pkg, method); obj != nil || embedsLibrary(from) {
			continue // it has the method, or embeds a library type that gains it
		}
		node := c.typeDecl(t.Obj(), expr)
		c.reportOnce(node, ifaceName+"."+method, func() {
			c.reportMethodAdded(node, t.Obj().Name(), ifaceName, method, s, row)
		})
	}
}

// embedsLibrary reports whether the struct type under t embeds a field
// of a library type (a wrapper of a client gains the client's new
// methods).
func embedsLibrary(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if n := namedOf(f.Type()); f.Embedded() && n != nil && isLibrary(n.Obj().Pkg()) {
			return true
		}
	}
	return false
}

// reportMethodAdded reports a type of the operator's that lacks a method
// its interface gains.
func (c *checker) reportMethodAdded(node ast.Node, typeName, ifaceName, method string, s span, row apimigration.Change) {
	c.reported[node] = true
	sig := strings.TrimPrefix(row.New, "func")
	c.rep.Report(analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Message: fmt.Sprintf(
		"%s is used as a %s, which gains the method %s%s in %s (%s), so %s does not implement it at the target; %s",
		typeName, ifaceName, method, sig, s.release(row.Minor), s.context(), typeName, c.advice(row, s))})
}

// changedMethod reports the method of t that implements m of the
// interface, when m's signature changes in the span and t declares the
// method itself.
func (c *checker) changedMethod(expr ast.Expr, from types.Type, t *types.Named, m *types.Func, ifaceName string) {
	pkg, key, ok := c.objectKey(m)
	if !ok {
		return
	}
	s, row, ok := c.changeOf(pkg, key, apimigration.Changed)
	if !ok {
		return
	}
	obj, _, _ := types.LookupFieldOrMethod(from, true, c.pass.Pkg, m.Name())
	fn, ok := obj.(*types.Func)
	if !ok || isLibrary(fn.Pkg()) {
		return // promoted from a library type, which changes with it
	}
	node := c.funcDecl(fn, expr)
	c.reportOnce(node, "", func() {
		c.reportChange(node, fmt.Sprintf("%s.%s implements %s.%s, which", t.Obj().Name(), m.Name(), ifaceName, m.Name()), s, row, nil)
	})
}

// noLongerImplements reports a library type handed as a library interface
// that it stops implementing in the span.
func (c *checker) noLongerImplements(expr ast.Expr, t, iface *types.Named, s span) {
	pkg := k8s.PkgPath(t.Obj().Pkg())
	if k8s.PkgPath(iface.Obj().Pkg()) != pkg {
		return
	}
	for _, row := range apimigration.ChangesOf(pkg, t.Obj().Name()) {
		if row.Kind == apimigration.NoLongerImplements && row.New == iface.Obj().Name() && s.contains(row.Minor) {
			c.reportChange(expr, fmt.Sprintf("%s.%s", t.Obj().Pkg().Name(), t.Obj().Name()), s,
				apimigration.Change{Pkg: pkg, Object: row.Object, Minor: row.Minor, Kind: apimigration.Changed, What: apimigration.Type,
					New: "a type that no longer implements " + iface.Obj().Pkg().Name() + "." + iface.Obj().Name()}, nil)
			return
		}
	}
}

// reportOnce runs report once per node and key.
func (c *checker) reportOnce(node ast.Node, key string, report func()) {
	k := fmt.Sprintf("%d/%s", node.Pos(), key)
	if c.reportedKeys == nil {
		c.reportedKeys = map[string]bool{}
	}
	if c.reportedKeys[k] {
		return
	}
	c.reportedKeys[k] = true
	delete(c.reported, node) // several methods may be reported at one type
	report()
}

// funcDecl returns the name of fn's declaration when it is in the files
// of the pass, else fallback.
func (c *checker) funcDecl(fn *types.Func, fallback ast.Node) ast.Node {
	if id := c.declIdent(fn); id != nil {
		return id
	}
	return fallback
}

// typeDecl returns the name of tn's declaration when it is in the files
// of the pass, else fallback.
func (c *checker) typeDecl(tn *types.TypeName, fallback ast.Node) ast.Node {
	if id := c.declIdent(tn); id != nil {
		return id
	}
	return fallback
}

// declIdent finds the identifier that declares obj in the pass's files.
func (c *checker) declIdent(obj types.Object) *ast.Ident {
	if obj.Pkg() != c.pass.Pkg {
		return nil
	}
	if c.defs == nil {
		c.defs = map[types.Object]*ast.Ident{}
		for id, o := range c.pass.TypesInfo.Defs {
			if o != nil {
				c.defs[o] = id
			}
		}
	}
	return c.defs[obj]
}
