package apimigration

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/opvet/opvet/internal/apimigration"
	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// spanRows returns the rows of one of kinds that the span crosses, after
// the last restoration of a removed object.
func spanRows(rows []apimigration.Change, s span, kinds ...apimigration.Kind) []apimigration.Change {
	var out []apimigration.Change
	for _, r := range rows {
		if !s.contains(r.Minor) {
			continue
		}
		if r.Kind == apimigration.Restored {
			out = out[:0]
			continue
		}
		if kindIn(r.Kind, kinds) {
			out = append(out, r)
		}
	}
	return out
}

// breakingRow returns the first of rows, the span's changes of the object
// obj used at use (a call's function expression or a value), that the use
// does not survive. A change of a called function's signature is survived
// when the call compiles against the new signature (callSurvives), judged
// against the signature the previous change left; a change of a value's
// type when the value is only selected from or given to a new variable.
func (c *checker) breakingRow(rows []apimigration.Change, obj types.Object, use ast.Expr) (apimigration.Change, bool) {
	call := c.calls[use]
	sig, callable := signatureOf(obj)
	var cur sigText
	if callable {
		cur = renderedSig(sig, obj.Pkg())
	}
	for _, row := range rows {
		if row.Kind != apimigration.Changed {
			return row, true
		}
		if c.valueStillCompiles(use, row) {
			continue
		}
		if call == nil || !callable {
			return row, true
		}
		next, ok := parseSig(row.New)
		if !ok || !c.callSurvives(call, obj.Pkg(), cur, next) {
			return row, true
		}
		cur = next
	}
	return apimigration.Change{}, false
}

// signatureOf returns the signature of a function, or of a variable of
// function type (ctrl.SetupSignalHandler).
func signatureOf(obj types.Object) (*types.Signature, bool) {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Signature(), true
	case *types.Var:
		sig, ok := obj.Type().Underlying().(*types.Signature)
		return sig, ok && !obj.IsField()
	}
	return nil, false
}

// callSurvives reports whether call, a call of a function of package pkg
// whose signature changes from old to new, compiles against new: its
// arguments convert to the new parameters (argSurvives), the type
// arguments of a function made generic are inferred from arguments of the
// old parameters' types, and its results go where the new results go.
func (c *checker) callSurvives(call *ast.CallExpr, pkg *types.Package, old, new sigText) bool {
	if tps := impliedTypeParams(new, pkg); len(tps) > 0 {
		bind, ok := bindTypeParams(old.params, new.params, tps)
		if !ok || !c.inferable(call, new.params, tps) {
			return false
		}
		new.params, new.results = substitute(new.params, bind), substitute(new.results, bind)
	}
	return c.paramsSurvive(call, pkg, old.params, new.params) && c.resultsSurvive(call, pkg, old.results, new.results)
}

// inferable reports whether each type parameter appears in a parameter
// to which the call passes only typed arguments (nil and untyped
// constants infer nothing, or not the old type).
func (c *checker) inferable(call *ast.CallExpr, params, tps []string) bool {
	for _, tp := range tps {
		found := false
		for i, p := range params {
			if !mentions(p, tp) {
				continue
			}
			args := argsAt(call, i, len(params), strings.HasPrefix(p, "..."))
			if len(args) > 0 && c.allTyped(args) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// mentions reports whether the type text names tp.
func mentions(text, tp string) bool {
	for _, m := range identifier.FindAllStringIndex(text, -1) {
		if text[m[0]:m[1]] == tp && (m[0] == 0 || text[m[0]-1] != '.') {
			return true
		}
	}
	return false
}

func (c *checker) allTyped(args []ast.Expr) bool {
	for _, a := range args {
		t := c.pass.TypesInfo.TypeOf(a)
		if b, ok := t.(*types.Basic); t == nil || (ok && b.Info()&types.IsUntyped != 0) {
			return false
		}
	}
	return true
}

// argsAt returns the arguments call passes to parameter i of n (all the
// trailing ones for a variadic last parameter).
func argsAt(call *ast.CallExpr, i, n int, variadic bool) []ast.Expr {
	switch {
	case i >= len(call.Args):
		return nil
	case variadic && i == n-1:
		return call.Args[i:]
	}
	return call.Args[i : i+1]
}

// paramsSurvive reports whether the arguments of call convert to the new
// parameters: identical lists, a variadic parameter added, or every
// argument of a changed parameter converts to its new type.
func (c *checker) paramsSurvive(call *ast.CallExpr, pkg *types.Package, old, new []string) bool {
	if equal(old, new) {
		return true
	}
	n := len(old)
	oldVariadic := n > 0 && strings.HasPrefix(old[n-1], "...")
	newVariadic := len(new) > 0 && strings.HasPrefix(new[len(new)-1], "...")
	if !oldVariadic && newVariadic && len(new) == n+1 {
		new, newVariadic = new[:n], false // a variadic parameter added (controllerutil.SetControllerReference in v0.18)
	}
	if len(new) != n || oldVariadic != newVariadic || c.spreads(call) {
		return false
	}
	for i := range old {
		if old[i] == new[i] {
			continue
		}
		variadic := oldVariadic && i == n-1
		if variadic && call.Ellipsis.IsValid() {
			return false
		}
		args := argsAt(call, i, n, variadic)
		if len(args) == 0 && !variadic {
			return false
		}
		for _, arg := range args {
			if !c.argSurvives(arg, strings.TrimPrefix(new[i], "..."), pkg) {
				return false
			}
		}
	}
	return true
}

// spreads reports whether call passes the results of another call as its
// arguments (f(g()) with several results), which is not followed.
func (c *checker) spreads(call *ast.CallExpr) bool {
	if len(call.Args) != 1 {
		return false
	}
	_, ok := c.pass.TypesInfo.TypeOf(call.Args[0]).(*types.Tuple)
	return ok
}

// argSurvives reports whether arg converts to the type text param of
// package pkg at the target: the result of a call whose changed result
// type is param (ctrl.SetupSignalHandler() given to Manager.Start, both
// turned to context.Context in v0.7), a value whose type is spelled
// param, or a value that implements the interface param
// (implementsAtTarget).
//
// A variable defined by a call (v := f()) has the call's result type at
// the target.
func (c *checker) argSurvives(arg ast.Expr, param string, pkg *types.Package) bool {
	if inner := c.valueCall(arg); inner != nil {
		if res, rpkg, changed, ok := c.targetResult(inner); changed {
			return ok && sameType(res, rpkg, param, pkg)
		}
	}
	t := c.pass.TypesInfo.TypeOf(arg)
	if t == nil || isUntypedNil(t) {
		return false
	}
	if types.TypeString(t, byName) == qualify(param, pkg.Name()) {
		return true
	}
	return c.implementsAtTarget(t, param, pkg)
}

// valueCall returns the call whose result arg is: arg itself, or the call
// that defines the variable arg names (stop := ctrl.SetupSignalHandler()).
func (c *checker) valueCall(arg ast.Expr) *ast.CallExpr {
	switch arg := ast.Unparen(arg).(type) {
	case *ast.CallExpr:
		return arg
	case *ast.Ident:
		if v, ok := c.pass.TypesInfo.Uses[arg].(*types.Var); ok {
			return c.definedBy[v]
		}
	}
	return nil
}

// sameType reports whether two type texts of packages a and b name the
// same type.
func sameType(x string, a *types.Package, y string, b *types.Package) bool {
	return qualify(x, a.Name()) == qualify(y, b.Name())
}

// targetResult returns the single result type, at the target, of the
// function that call calls, when the span changes its signature (changed);
// ok is false when the target's result is unknown.
func (c *checker) targetResult(call *ast.CallExpr) (result string, pkg *types.Package, changed, ok bool) {
	obj, rows := c.changedCallee(call.Fun)
	if len(rows) == 0 {
		return "", nil, false, false
	}
	sig, ok := c.targetSig(rows)
	if !ok || len(sig.results) != 1 {
		return "", nil, true, false
	}
	return sig.results[0], obj.Pkg(), true, true
}

// changedCallee returns the function that fun names and the span's
// changes of it.
func (c *checker) changedCallee(fun ast.Expr) (types.Object, []apimigration.Change) {
	id := astx.NameIdent(fun)
	if id == nil {
		return nil, nil
	}
	obj := c.pass.TypesInfo.Uses[id]
	pkg, key, ok := c.objectKey(obj)
	if !ok {
		return nil, nil
	}
	s, ok := c.spanOf(pkg)
	if !ok {
		return nil, nil
	}
	return obj, spanRows(apimigration.ChangesOf(pkg, key), s, useKinds...)
}

// targetSig is the signature the last of rows gives the function; ok is
// false when a row removes it or is not a signature.
func (c *checker) targetSig(rows []apimigration.Change) (sigText, bool) {
	last := rows[len(rows)-1]
	for _, r := range rows {
		if r.Kind != apimigration.Changed {
			return sigText{}, false
		}
	}
	return parseSig(last.New)
}

// resultsSurvive reports whether the results of call go where the new
// results are accepted: unchanged, discarded, selected from, given to new
// variables, or a single result handed to a destination that accepts it
// at the target (flowsInto).
func (c *checker) resultsSurvive(call *ast.CallExpr, pkg *types.Package, old, new []string) bool {
	if equal(old, new) {
		return true
	}
	switch c.callParent[call].(type) {
	case *ast.ExprStmt, *ast.GoStmt, *ast.DeferStmt:
		return true // discarded, whatever the results (controllerutil.AddFinalizer's bool in v0.12)
	}
	if len(old) != len(new) {
		return false
	}
	switch parent := c.callParent[call].(type) {
	case *ast.SelectorExpr:
		return ast.Unparen(parent.X) == call
	case *ast.AssignStmt:
		if parent.Tok == token.DEFINE {
			return true
		}
	}
	return len(new) == 1 && c.flowsInto(call, new[0], pkg)
}

// flowsInto reports whether the value of call, of the type text result
// of package pkg at the target, converts to where it goes: a parameter
// (at the target, when the span changes the callee), a field, an element,
// an assigned variable or a function result.
func (c *checker) flowsInto(call *ast.CallExpr, result string, pkg *types.Package) bool {
	var dest types.Type
	switch p := c.callParent[call].(type) {
	case *ast.CallExpr:
		i := argIndex(p, call)
		if i < 0 {
			return false
		}
		dest = c.paramType(p, i)
		if obj, rows := c.changedCallee(p.Fun); len(rows) > 0 {
			sig, ok := c.targetSig(rows)
			param, pok := paramAt(sig.params, i)
			if !ok || !pok {
				return false
			}
			if sameType(result, pkg, param, obj.Pkg()) {
				return true
			}
			if dest == nil || types.TypeString(dest, byName) != qualify(param, obj.Pkg().Name()) {
				return false // the parameter changes too
			}
		}
	case *ast.KeyValueExpr:
		if id, ok := p.Key.(*ast.Ident); ok && ast.Unparen(p.Value) == call {
			if f, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && f.IsField() {
				dest = f.Type()
			}
		}
	case *ast.CompositeLit:
		dest = elementType(c.pass.TypesInfo.TypeOf(p), p, call)
	case *ast.AssignStmt:
		if i := exprIndex(p.Rhs, call); p.Tok == token.ASSIGN && len(p.Lhs) == len(p.Rhs) && i >= 0 {
			dest = c.pass.TypesInfo.TypeOf(p.Lhs[i])
		}
	case *ast.ValueSpec:
		if p.Type != nil {
			dest = c.pass.TypesInfo.TypeOf(p.Type)
		}
	case *ast.ReturnStmt:
		dest = c.returnType(p, call)
	}
	return dest != nil && c.acceptsAtTarget(dest, result, pkg)
}

func argIndex(call *ast.CallExpr, arg ast.Expr) int {
	if ast.Unparen(call.Fun) == arg {
		return -1
	}
	return exprIndex(call.Args, arg)
}

func exprIndex(list []ast.Expr, e ast.Expr) int {
	for i, x := range list {
		if ast.Unparen(x) == e {
			return i
		}
	}
	return -1
}

// paramAt returns the type text of parameter i (the element type of a
// variadic one).
func paramAt(params []string, i int) (string, bool) {
	n := len(params)
	switch {
	case n > 0 && i >= n-1 && strings.HasPrefix(params[n-1], "..."):
		return strings.TrimPrefix(params[n-1], "..."), true
	case i < n:
		return params[i], true
	}
	return "", false
}

// paramType returns the type of the parameter to which call passes
// argument i.
func (c *checker) paramType(call *ast.CallExpr, i int) types.Type {
	sig, ok := c.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature)
	if !ok || call.Ellipsis.IsValid() {
		return nil
	}
	n := sig.Params().Len()
	switch {
	case sig.Variadic() && i >= n-1:
		if s, ok := sig.Params().At(n - 1).Type().(*types.Slice); ok {
			return s.Elem()
		}
	case i < n:
		return sig.Params().At(i).Type()
	}
	return nil
}

// elementType returns the type of the element e of the composite literal
// lit of type t.
func elementType(t types.Type, lit *ast.CompositeLit, e ast.Expr) types.Type {
	if t == nil {
		return nil
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	case *types.Struct:
		if i := exprIndex(lit.Elts, e); i >= 0 && i < u.NumFields() {
			return u.Field(i).Type()
		}
	}
	return nil
}

// returnType returns the type of the result of the enclosing function
// that ret returns e as.
func (c *checker) returnType(ret *ast.ReturnStmt, e ast.Expr) types.Type {
	i := exprIndex(ret.Results, e)
	if i < 0 || c.file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(c.file, ret.Pos(), ret.End())
	sig := enclosingSignature(c.pass.TypesInfo, reversed(path))
	if sig == nil || sig.Results().Len() != len(ret.Results) {
		return nil
	}
	return sig.Results().At(i).Type()
}

// reversed returns an enclosing path (innermost first) as a stack
// (outermost first).
func reversed(path []ast.Node) []ast.Node {
	out := make([]ast.Node, len(path))
	for i, n := range path {
		out[len(path)-1-i] = n
	}
	return out
}

// acceptsAtTarget reports whether a destination of type dest (at go.mod's
// release; the operator's types and the library types that keep their
// name) accepts a value of the type text result of package pkg at the
// target: the same type, or a new interface (apimigration.Composites)
// that embeds dest or an interface that implements dest.
func (c *checker) acceptsAtTarget(dest types.Type, result string, pkg *types.Package) bool {
	if types.TypeString(dest, byName) == qualify(result, pkg.Name()) {
		return true
	}
	named := namedOf(dest)
	if named == nil || !types.IsInterface(dest) || !isLibrary(named.Obj().Pkg()) {
		return false
	}
	path, name, ok := c.resolveName(result, pkg)
	if !ok {
		return false
	}
	comp, ok := apimigration.CompositeOf(path, name)
	if !ok {
		return false
	}
	destName := k8s.PkgPath(named.Obj().Pkg()) + "." + named.Obj().Name()
	for _, e := range comp.Embeds {
		if e == destName {
			return true
		}
		if embedded := c.lookupType(e); embedded != nil && types.Implements(embedded, dest.Underlying().(*types.Interface)) {
			return true
		}
	}
	return false
}

// implementsAtTarget reports whether a value of type t implements the
// interface that the type text param of package pkg names at the target,
// judged at go.mod's release: each interface that a new interface
// (apimigration.Composites: client.Object is metav1.Object and
// runtime.Object) embeds, or an interface of go.mod's release that the
// span does not change. t must be a library type or get those methods
// from one (a kind that embeds metav1.ObjectMeta; an interface that
// embeds library interfaces), so that its methods change with the
// interface's.
func (c *checker) implementsAtTarget(t types.Type, param string, pkg *types.Package) bool {
	path, name, ok := c.resolveName(param, pkg)
	if !ok || !methodsFromLibrary(t) {
		return false
	}
	if comp, ok := apimigration.CompositeOf(path, name); ok {
		for _, e := range comp.Embeds {
			iface := c.lookupType(e)
			if iface == nil || !types.Implements(t, iface.Underlying().(*types.Interface)) {
				return false
			}
		}
		return true
	}
	iface := c.lookupType(path + "." + name)
	if iface == nil {
		return false
	}
	if s, ok := c.spanOf(path); ok {
		for _, r := range apimigration.PackageChanges(path) {
			if s.contains(r.Minor) && (r.Object == name || strings.HasPrefix(r.Object, name+".")) {
				return false // the interface changes in the span
			}
		}
	}
	return types.Implements(t, iface.Underlying().(*types.Interface))
}

// methodsFromLibrary reports whether t is a library type, or a type of
// the operator's that embeds a library type (a struct's embedded field,
// an interface's embedded interface).
func methodsFromLibrary(t types.Type) bool {
	named := namedOf(t)
	if named == nil {
		return false
	}
	if isLibrary(named.Obj().Pkg()) {
		return true
	}
	if iface, ok := named.Underlying().(*types.Interface); ok {
		if iface.NumEmbeddeds() == 0 || iface.NumExplicitMethods() > 0 {
			return false
		}
		for e := range iface.EmbeddedTypes() {
			if !methodsFromLibrary(e) {
				return false
			}
		}
		return true
	}
	return embedsLibrary(t)
}

// resolveName returns the package path and name of the named type that
// the type text of package pkg names: "Object" (pkg's own), "client.Object"
// (a package pkg imports, or the package of a composite of that name).
func (c *checker) resolveName(text string, pkg *types.Package) (path, name string, ok bool) {
	text = strings.TrimSpace(text)
	qual, name, qualified := strings.Cut(text, ".")
	if !qualified {
		qual, name = "", text
	}
	if !identifier.MatchString(name) || identifier.FindString(name) != name {
		return "", "", false
	}
	if !qualified || qual == pkg.Name() {
		return k8s.PkgPath(pkg), name, true
	}
	for _, imp := range pkg.Imports() {
		if imp.Name() == qual {
			return k8s.PkgPath(imp), name, true
		}
	}
	for _, comp := range apimigration.Composites {
		if comp.Name == name && strings.HasSuffix(comp.Pkg, "/"+qual) {
			return comp.Pkg, name, true
		}
	}
	return "", "", false
}

// lookupType returns the interface type "import/path.Name" at go.mod's
// release, from the packages the pass's package reaches, or nil.
func (c *checker) lookupType(qualified string) types.Type {
	i := strings.LastIndexByte(qualified, '.')
	if i < 0 {
		return nil
	}
	pkg := c.packageByPath(qualified[:i])
	if pkg == nil {
		return nil
	}
	tn, ok := pkg.Scope().Lookup(qualified[i+1:]).(*types.TypeName)
	if !ok || !types.IsInterface(tn.Type()) {
		return nil
	}
	return tn.Type()
}

// packageByPath returns the package at path (without a vendor prefix)
// that the pass's package reaches, indexing them on the first call.
func (c *checker) packageByPath(path string) *types.Package {
	if c.packages == nil {
		c.packages = map[string]*types.Package{}
		stack := []*types.Package{c.pass.Pkg}
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			key := k8s.PkgPath(p)
			if _, seen := c.packages[key]; seen {
				continue
			}
			c.packages[key] = p
			stack = append(stack, p.Imports()...)
		}
	}
	return c.packages[path]
}
