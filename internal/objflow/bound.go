package objflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// Callbacks bound at every call site.
//
// A helper of the package often takes the change to make as a function
// (patch(ctx, obj, func(o *T) { controllerutil.RemoveFinalizer(o, f) }),
// apply(ctx, func() *T { return &T{...} })). A call of such a function
// parameter is a call of code the analysis cannot see, so the objects
// handed to it escaped and every check went silent on them. When the
// function cannot be called from another package (its name is unexported)
// and is never used as a value, its callers are the calls in the package;
// when each of them passes a function literal for the parameter, and the
// function never re-binds it, a call of the parameter runs one of those
// literals: they run inline there, their parameters bound to the call's
// arguments, and the call's results are what they return. Learnt from
// mariadb-operator, whose finalizer patch helpers take the change as a
// callback, and openkruise/agents, which hands a per-object closure to a
// generic helper (of another package: not covered).

// boundCallbacks are the function literals that the package binds to the
// function-typed parameters of its unexported functions, by parameter;
// a parameter is absent when some call passes anything else.
type boundCallbacks map[*types.Var][]*ast.FuncLit

// boundArg is an argument of the call that binds a literal, a variable or
// a field path of one (wf.grant), with the callee's parameter it is bound
// to. The literal may name the same value through the same path, captured
// from the caller (wf.patch(ctx, wf.grant, func(g *T) { AddFinalizer(wf.grant, f) })):
// while it runs inline, the path denotes the parameter's objects.
type boundArg struct {
	expr  ast.Expr
	param *types.Var
}

// indexCallbacks finds the bound callbacks among the calls of functions
// of the package (refs), with the arguments their calls pass by path;
// boundWrites, in index's fixpoint, then marks as writing the functions
// whose bound callbacks write.
func (p *Package) indexCallbacks(refs []*ast.CallExpr) {
	type param struct {
		fn *types.Func
		i  int
	}
	lits := map[param][]*ast.FuncLit{}
	args := map[*ast.FuncLit][]boundArg{}
	unbound := map[param]bool{}
	calls := map[*types.Func]int{}
	for _, call := range refs {
		fn := k8s.Callee(p.info, call)
		if fn == nil || fn.Exported() {
			continue
		}
		fn = fn.Origin() // a method of a generic type: its declaration's object
		if p.decls[fn] == nil {
			continue
		}
		sig := fn.Type().(*types.Signature)
		calls[fn]++
		for i := 0; i < sig.Params().Len(); i++ {
			if _, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); !ok {
				continue
			}
			k := param{fn, i}
			lit, ok := ast.Unparen(argAt(call, i)).(*ast.FuncLit)
			if !ok || sig.Variadic() && i == sig.Params().Len()-1 {
				unbound[k] = true
				continue
			}
			lits[k] = append(lits[k], lit)
			args[lit] = p.pathArgs(call, fn, lit)
		}
	}
	if len(lits) == 0 {
		return
	}
	uses := p.usesOf(calls)
	ifaceMethods := astx.InterfaceMethodNames(p.types)
	for k, ls := range lits {
		v := k.fn.Type().(*types.Signature).Params().At(k.i)
		if unbound[k] || uses[k.fn] != calls[k.fn] || ifaceMethods[k.fn.Name()] || astx.AssignsOrAddresses(p.info, p.decls[k.fn].Body, v) {
			continue
		}
		if p.callbacks == nil {
			p.callbacks = boundCallbacks{}
		}
		p.callbacks[v] = ls
		for _, lit := range ls {
			if len(args[lit]) > 0 {
				if p.boundArgs == nil {
					p.boundArgs = map[*ast.FuncLit][]boundArg{}
				}
				p.boundArgs[lit] = args[lit]
			}
		}
		if p.boundBy == nil {
			p.boundBy = map[ast.Node][]*ast.FuncLit{}
		}
		decl := p.decls[k.fn]
		p.boundBy[decl] = append(p.boundBy[decl], ls...)
	}
}

// pathArgs returns the receiver and the arguments of call (of fn) that are
// variables or field paths of variables declared outside lit, with the
// parameters they are bound to.
func (p *Package) pathArgs(call *ast.CallExpr, fn *types.Func, lit *ast.FuncLit) []boundArg {
	sig := fn.Type().(*types.Signature)
	var out []boundArg
	add := func(e ast.Expr, param *types.Var) {
		if root := pathRoot(p.info, e); root != nil && (root.Pos() < lit.Pos() || root.Pos() >= lit.End()) {
			out = append(out, boundArg{ast.Unparen(e), param})
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sig.Recv() != nil {
		add(sel.X, sig.Recv())
	}
	if call.Ellipsis.IsValid() {
		return out
	}
	for i, arg := range call.Args {
		if i < sig.Params().Len() && !(sig.Variadic() && i >= sig.Params().Len()-1) {
			add(arg, sig.Params().At(i))
		}
	}
	return out
}

// pathRoot returns the variable that e, a variable or a chain of field
// selections from one, starts with; nil for other expressions.
func pathRoot(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[e].(*types.Var)
		return v
	case *ast.SelectorExpr:
		if sel := info.Selections[e]; sel == nil || sel.Kind() != types.FieldVal {
			return nil
		}
		return pathRoot(info, e.X)
	}
	return nil
}

// samePath reports whether a and b are the same variable or the same
// field path of one.
func samePath(info *types.Info, a, b ast.Expr) bool {
	switch a := ast.Unparen(a).(type) {
	case *ast.Ident:
		b, ok := ast.Unparen(b).(*ast.Ident)
		return ok && info.Uses[a] != nil && info.Uses[a] == info.Uses[b]
	case *ast.SelectorExpr:
		b, ok := ast.Unparen(b).(*ast.SelectorExpr)
		return ok && a.Sel.Name == b.Sel.Name && samePath(info, a.X, b.X)
	}
	return false
}

// boundPath returns the objects of the callee's parameter when e is the
// path of an argument bound to it by the call of a literal being run
// inline (boundArg).
func (a *analysis) boundPath(e ast.Expr) (Set, bool) {
	info := a.pkg.info
	for i := len(a.foreign) - 1; i >= 0; i-- {
		for _, b := range a.pkg.boundArgs[a.foreign[i]] {
			if !samePath(info, e, b.expr) {
				continue
			}
			if a.followed(b.param) {
				s, _ := a.getVar(b.param)
				return s, true
			}
			return a.holderParam(b.param), true
		}
	}
	return nil, false
}

// boundWrites marks as writing the functions whose bound literals write,
// and reports whether it marked one (a step of index's fixpoint).
func (p *Package) boundWrites() bool {
	changed := false
	for decl, lits := range p.boundBy {
		if p.writes[decl] {
			continue
		}
		for _, lit := range lits {
			if p.writes[lit] {
				p.writes[decl], changed = true, true
				break
			}
		}
	}
	return changed
}

// argAt is the call's argument for parameter i, or nil (f(g()) with a
// multi-valued g).
func argAt(call *ast.CallExpr, i int) ast.Expr {
	if len(call.Args) == 1 && i > 0 || i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}

// usesOf counts the uses of each function of fns in the package: a
// function used only where it is called has as many uses as calls.
func (p *Package) usesOf(fns map[*types.Func]int) map[*types.Func]int {
	out := map[*types.Func]int{}
	for _, obj := range p.info.Uses {
		if fn, ok := obj.(*types.Func); ok {
			fn = fn.Origin()
			if _, ok := fns[fn]; ok {
				out[fn]++
			}
		}
	}
	return out
}

// callBound runs the literals bound to the function-typed parameter that
// site calls, from the current state, and joins what they leave; ok is
// false when the callee is not such a parameter.
func (a *analysis) callBound(site *CallSite) (results []Set, ok bool) {
	id, isIdent := ast.Unparen(site.Call.Fun).(*ast.Ident)
	if !isIdent || a.pkg.callbacks == nil || a.inlining > 2 {
		return nil, false
	}
	v, _ := a.pkg.info.Uses[id].(*types.Var)
	lits := a.pkg.callbacks[v]
	if len(lits) == 0 || astx.ParamIndex(a.sig, v) < 0 { // a parameter of the function itself, not a literal's
		return nil, false
	}
	entry := a.cur
	var exits []state
	for _, lit := range lits {
		a.cur = entry
		exit, rs, ran := a.runBound(lit, site.Args, site.Call.Pos())
		if ran {
			exits = append(exits, exit)
		}
		for i, s := range rs {
			for len(results) <= i {
				results = append(results, nil)
			}
			results[i] = union(results[i], s)
		}
	}
	a.cur = entry
	if len(exits) > 0 {
		a.cur = joinAll(exits)
	}
	return results, true
}

// runBound runs lit inline with its parameters bound to args, and returns
// the state at its exits and the objects of its results.
func (a *analysis) runBound(lit *ast.FuncLit, args []Set, at token.Pos) (exit state, results []Set, ok bool) {
	sig, _ := a.pkg.info.TypeOf(lit).(*types.Signature)
	if sig == nil {
		return state{}, nil, false
	}
	if !a.ranAt.IsValid() {
		a.ranAt = at
		defer func() { a.ranAt = token.NoPos }()
	}
	a.inlining++
	a.foreign = append(a.foreign, lit)
	outer := a.boundResults
	a.boundResults = &boundReturn{depth: a.inlining}
	defer func() {
		a.inlining--
		a.foreign = a.foreign[:len(a.foreign)-1]
		a.boundResults = outer
	}()
	for i := 0; i < sig.Params().Len() && i < len(args); i++ {
		if pv := sig.Params().At(i); a.followed(pv) {
			a.setVar(pv, args[i])
		}
	}
	g := cfg.New(lit.Body, a.pkg.mayReturn)
	exit, ok = a.run(g, a.cur, false)
	return exit, a.boundResults.sets, ok
}

// boundReturn collects the results of the returns of a bound literal run
// inline (not those of literals it runs inline in turn).
type boundReturn struct {
	depth int
	sets  []Set
}

// addBoundReturn adds the objects of a return statement's results to the
// bound literal being run, if the return is its own.
func (a *analysis) addBoundReturn(results []Set) {
	r := a.boundResults
	if r == nil || r.depth != a.inlining {
		return
	}
	for i, s := range results {
		for len(r.sets) <= i {
			r.sets = append(r.sets, nil)
		}
		r.sets[i] = union(r.sets[i], s)
	}
}

// inForeign reports whether v is declared in a bound literal being run
// inline: a variable of this analysis while it runs.
func (a *analysis) inForeign(v *types.Var) bool {
	for _, lit := range a.foreign {
		if v.Pos() >= lit.Pos() && v.Pos() < lit.End() {
			return true
		}
	}
	return false
}
