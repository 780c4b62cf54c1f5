package objflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// Function literals that run only where the function runs them are run
// inline there, like deferred literals at the exits, instead of marking
// the objects they capture as Captured (changed whenever they may run,
// which silenced every check for the rest of the function and, through
// summaries, in every caller). Three kinds qualify, by the semantics of Go
// and of the APIs (docs/design.md, "Literals run where they are called"):
//   - a literal handed directly to an API that calls it before it returns
//     and never keeps it (k8s.SyncCallback: retry.RetryOnConflict,
//     wait.PollImmediate, meta.EachListItem);
//   - a literal called where it is written (func() {...}());
//   - a local variable defined once from a literal, never re-bound, whose
//     every use, outside other literals, calls it or hands it to such an
//     API (eachFunc := func(o runtime.Object) error {...};
//     meta.EachListItem(list, eachFunc)).
//
// A literal handed to a generic function of another package, with the
// values it may call the literal with, runs there too, maybe not at all
// (genericCallback): by parametricity, a generic function can only give
// its callback values of its type parameter that it was given (utils.
// DoItSlowlyWithInputs(items, n, func(item *T) error {...}), lo.ForEach).

// scanLocalLits records the local variables of the body that hold a
// literal run only where they are called (the third kind above).
func (a *analysis) scanLocalLits(defs map[*types.Var]*ast.FuncLit) {
	if len(defs) == 0 {
		return
	}
	info := a.pkg.info
	astx.Idents(a.body, func(id *ast.Ident, stack []ast.Node) {
		if v, _ := info.Uses[id].(*types.Var); defs[v] != nil && !a.runsHere(stack, id) {
			delete(defs, v)
		}
	})
	for v, lit := range defs {
		if a.litVars == nil {
			a.litVars = map[*types.Var]*ast.FuncLit{}
			a.inlined = map[*ast.FuncLit]bool{}
		}
		a.litVars[v] = lit
		a.inlined[lit] = true
	}
}

// runsHere reports whether the use id of a literal variable (the top of
// stack) calls it, or hands it as the callback to a synchronous API, and
// is not inside another literal.
func (a *analysis) runsHere(stack []ast.Node, id *ast.Ident) bool {
	for _, n := range stack[:len(stack)-1] {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
	}
	if len(stack) < 2 {
		return false
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok {
		return false
	}
	if len(stack) >= 3 {
		if g, ok := stack[len(stack)-3].(*ast.GoStmt); ok && g.Call == call {
			return false // runs beside the function, whenever
		}
	}
	if ast.Unparen(call.Fun) == id {
		return true
	}
	cb := a.callbackArg(call, func(e ast.Expr) bool { return ast.Unparen(e) == ast.Expr(id) })
	return cb.arg == ast.Expr(id)
}

// callback is the function argument of a call that runs it where it is
// called: arg, nil when none; once when the callee calls it at least
// once; bind[k], when not -1, the index of the argument whose objects
// the callback's parameter k is given; copies[k], that it may be given a
// copy of them instead (see makesValues).
type callback struct {
	arg    ast.Expr
	once   bool
	bind   []int
	copies []bool
}

// callbackArg returns the callback of a call of a synchronous API
// (k8s.SyncCallback) or of a generic function of another package
// (genericCallback) whose argument is a literal run inline (isLit: nil
// for inlineLit; a local variable being judged, while they are scanned).
func (a *analysis) callbackArg(call *ast.CallExpr, isLit func(ast.Expr) bool) callback {
	if len(call.Args) == 0 || call.Ellipsis != token.NoPos {
		return callback{}
	}
	if k8s.IsSyncCallbackName(k8s.CalleeName(call.Fun)) {
		if once, ok := k8s.SyncCallback(k8s.Callee(a.pkg.info, call)); ok {
			return callback{arg: ast.Unparen(call.Args[len(call.Args)-1]), once: once}
		}
	}
	if isLit == nil {
		isLit = func(e ast.Expr) bool { return a.inlineLit(e) != nil }
	}
	return a.genericCallback(call, isLit)
}

// genericCallback returns the literal argument of a call of a generic
// function of another package whose parameters of a type parameter T
// are bound to the objects of the call's argument of type T or []T. Its
// body is not seen, but Go's type system says what it can do with the
// literal: call it (or not) with values of T it was given, since it can
// make none of its own but the zero value.
func (a *analysis) genericCallback(call *ast.CallExpr, isLit func(ast.Expr) bool) callback {
	fn := k8s.Callee(a.pkg.info, call)
	if fn == nil || fn.Pkg() == a.pkg.types {
		return callback{}
	}
	sig := fn.Origin().Type().(*types.Signature)
	if sig.Recv() != nil || sig.TypeParams().Len() == 0 || sig.Variadic() || sig.Params().Len() != len(call.Args) {
		return callback{}
	}
	for j, arg := range call.Args {
		cbSig, ok := sig.Params().At(j).Type().(*types.Signature)
		if !ok || !isLit(arg) {
			continue
		}
		n := cbSig.Params().Len()
		cb := callback{arg: ast.Unparen(arg), bind: make([]int, n), copies: make([]bool, n)}
		bound := false
		for k := range cb.bind {
			t := cbSig.Params().At(k).Type()
			cb.bind[k] = valuesOf(sig, t)
			bound = bound || cb.bind[k] >= 0
			if tp, ok := t.(*types.TypeParam); ok {
				cb.copies[k] = makesValues(tp)
			}
		}
		if bound {
			return cb
		}
	}
	return callback{}
}

// given returns the indexes of the arguments whose objects a generic
// function of another package (genericCallback) can only give its
// callback or return; nil for other callbacks. It never keeps or changes
// them, but by reflection, which such helpers do not use on what they
// are given.
func (cb callback) given() map[int]bool {
	var out map[int]bool
	for _, i := range cb.bind {
		if i >= 0 {
			if out == nil {
				out = map[int]bool{}
			}
			out[i] = true
		}
	}
	return out
}

// makesValues reports whether the constraint of tp has a method whose
// results hold a T (DeepCopy() T, kyverno's controllerutils.Update): with
// it the generic function can make values of T of its own, copies of
// those it was given, and hand the callback those (Update deep-copies
// the object, lets the callback change the copy and sends the copy).
func makesValues(tp *types.TypeParam) bool {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < iface.NumMethods(); i++ {
		sig, ok := iface.Method(i).Type().(*types.Signature)
		if !ok {
			continue
		}
		for j := 0; j < sig.Results().Len(); j++ {
			if mentions(sig.Results().At(j).Type(), tp) {
				return true
			}
		}
	}
	return false
}

// mentions reports whether t is tp, or a pointer, slice, array, map or
// channel of one.
func mentions(t types.Type, tp *types.TypeParam) bool {
	for {
		switch u := t.(type) {
		case *types.TypeParam:
			return u == tp
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		case *types.Chan:
			t = u.Elem()
		default:
			return false
		}
	}
}

// valuesOf returns the index of the parameter of sig that gives values
// of t when t is one of sig's type parameters: the only parameter of type
// t or []t; -1 otherwise.
func valuesOf(sig *types.Signature, t types.Type) int {
	tp, ok := t.(*types.TypeParam)
	if !ok {
		return -1
	}
	found := -1
	for i := 0; i < sig.Params().Len(); i++ {
		pt := sig.Params().At(i).Type()
		if s, ok := pt.(*types.Slice); ok {
			pt = s.Elem()
		}
		if pt == types.Type(tp) {
			if found >= 0 {
				return -1 // two sources: which one is unknown
			}
			found = i
		}
	}
	return found
}

// inlineLit returns the literal that e denotes when it runs where it is
// called (as a callee or a synchronous API's callback): a literal, or a
// local variable of the third kind; nil otherwise.
func (a *analysis) inlineLit(e ast.Expr) *ast.FuncLit {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return e
	case *ast.Ident:
		if v, ok := a.pkg.info.Uses[e].(*types.Var); ok {
			return a.litVars[v]
		}
	}
	return nil
}

// isLocalLitCall reports whether call calls a literal where it is
// written, or a local variable that holds a literal run where it is
// called.
func (a *analysis) isLocalLitCall(call *ast.CallExpr) bool {
	return a.inlineLit(call.Fun) != nil
}

// callLocalLit applies a call of a literal, or of a local variable that
// holds a literal run where it is called: the literal runs inline, its
// parameters bound to the arguments.
func (a *analysis) callLocalLit(site *CallSite) (results []Set, ok bool) {
	lit := a.inlineLit(site.Call.Fun)
	if lit == nil {
		return nil, false
	}
	if a.inlining > 2 {
		a.captures(lit)
		return a.unknownCall(site, types.ExprString(site.Call.Fun)), true
	}
	entry := a.cur
	exit, results, ran := a.runBound(lit, site.Args, site.Call.Pos())
	if ran {
		a.cur = exit
	} else {
		a.cur = entry
	}
	return results, true
}

// runCallback runs the callback of a call inline: once (a retry calls
// it at least once; calling it again after a failure repeats what the
// first call did), or joined with not at all; its parameters bound as
// cb.bind says to the objects of args, the call's arguments.
func (a *analysis) runCallback(cb callback, args []Set) {
	lit := a.inlineLit(cb.arg)
	if lit == nil {
		return
	}
	if a.inlining > 2 {
		a.captures(lit)
		return
	}
	var bound []Set
	if cb.bind != nil {
		bound = a.boundArgs(lit, cb, args)
	}
	entry := a.cur
	exit, _, ran := a.runBound(lit, bound, cb.arg.Pos())
	switch {
	case !ran:
		a.cur = entry
	case cb.once:
		a.cur = exit
	default:
		a.cur = entry.join(exit)
	}
}

// boundArgs returns the objects of lit's parameters: for parameter k,
// those of args[cb.bind[k]] (a copy of them when cb.copies[k]), or an
// unknown object when cb.bind[k] is -1.
func (a *analysis) boundArgs(lit *ast.FuncLit, cb callback, args []Set) []Set {
	sig, _ := a.pkg.info.TypeOf(lit).(*types.Signature)
	out := make([]Set, len(cb.bind))
	for k, i := range cb.bind {
		switch {
		case i >= 0 && i < len(args) && k < len(cb.copies) && cb.copies[k] && sig != nil && k < sig.Params().Len():
			out[k] = a.copyOf(args[i], litParam(lit, k), sig.Params().At(k).Type(), false)
		case i >= 0 && i < len(args):
			out[k] = args[i]
		case sig != nil && k < sig.Params().Len():
			out[k] = Set{a.newValue(Unknown, lit, nil, k, sig.Params().At(k).Type(), Foreign|MaybeDeleting).ID}
		}
	}
	return out
}

// litParam returns the name of lit's parameter k (each copy made for a
// parameter is its own object), or lit when it has none.
func litParam(lit *ast.FuncLit, k int) ast.Node {
	i := 0
	for _, f := range lit.Type.Params.List {
		for _, name := range f.Names {
			if i == k {
				return name
			}
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	return lit
}

// litDef returns the variable and the literal of a definition v :=
// func(...) {...} or var v = func(...) {...}, or nil.
func (a *analysis) litDef(n ast.Node) (*types.Var, *ast.FuncLit) {
	var lhs, rhs ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok != token.DEFINE || len(n.Lhs) != 1 || len(n.Rhs) != 1 {
			return nil, nil
		}
		lhs, rhs = n.Lhs[0], n.Rhs[0]
	case *ast.ValueSpec:
		if len(n.Names) != 1 || len(n.Values) != 1 {
			return nil, nil
		}
		lhs, rhs = n.Names[0], n.Values[0]
	default:
		return nil, nil
	}
	lit, ok := ast.Unparen(rhs).(*ast.FuncLit)
	id, isIdent := lhs.(*ast.Ident)
	if !ok || !isIdent {
		return nil, nil
	}
	v, _ := a.pkg.info.Defs[id].(*types.Var)
	if v == nil {
		return nil, nil
	}
	return v, lit
}
