package finalizers

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
)

// Item 2: a finalizer added on a path on which the object may already be
// being deleted. The object flow (passes/objflow) tells, at the add,
// whether on some path no deletion check of that object came first
// (DeletionTimestamp or GetDeletionTimestamp compared or IsZero, directly
// or through a boolean variable, or a call of a function that checks or
// speaks of deletion), or whether a check said it is being deleted (the
// else branch of "if deleting && has { ... } else { add }"). A check that
// only runs in a deferred closure comes after. For an object received as a
// parameter, the question goes to the callers in the package: at each
// call, was the object passed checked? Paths start at entry points:
// Reconcile methods, and methods returning a reconcile.Result that the
// package never names (a reconciler elsewhere calls them, such as a
// module's generic reconciler that reads the object and hands it to
// ReconcileResource(ctx, obj), so their object parameters may be being
// deleted). Functions that no entry point reaches are not judged. When
// the object cannot be followed to the caller (a field of a struct the
// caller built), a deletion check before the call in the caller counts.

// callGraph is the package's static call graph over function declarations.
type callGraph struct {
	decls   map[*types.Func]*ast.FuncDecl
	callers map[*ast.FuncDecl][]callRef
	checks  map[*ast.FuncDecl][]token.Pos // positions of deletion checks
	entries map[*ast.FuncDecl]bool        // where paths start
	// external entries are called only from outside the package, with an
	// object it did not check
	external map[*ast.FuncDecl]bool
}

type callRef struct {
	caller *ast.FuncDecl
	pos    token.Pos
	call   *ast.CallExpr
}

func (c *checker) buildGraph() *callGraph {
	g := &callGraph{
		decls:    map[*types.Func]*ast.FuncDecl{},
		callers:  map[*ast.FuncDecl][]callRef{},
		checks:   map[*ast.FuncDecl][]token.Pos{},
		entries:  map[*ast.FuncDecl]bool{},
		external: map[*ast.FuncDecl]bool{},
	}
	var decls []*ast.FuncDecl
	for _, f := range c.pass.Files {
		if c.isTestFile(f.Pos()) {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					g.decls[fn] = fd
				}
				decls = append(decls, fd)
			}
		}
	}
	// Functions that check DeletionTimestamp themselves make their calls
	// checks: if r.isDeleting(obj) { ... }.
	checking := map[*ast.FuncDecl]bool{}
	for _, fd := range decls {
		checking[fd] = mentionsDeletionTimestamp(fd.Body)
	}
	for _, fd := range decls {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if isDeletionTimestamp(n.Sel.Name) {
					g.checks[fd] = append(g.checks[fd], n.Pos())
				}
			case *ast.CallExpr:
				fn := k8s.Callee(c.pass.TypesInfo, n)
				if fn == nil {
					return true
				}
				callee := g.decls[fn]
				if callee != nil {
					g.callers[callee] = append(g.callers[callee], callRef{caller: fd, pos: n.Pos(), call: n})
				}
				if (callee != nil && checking[callee]) || k8s.SpeaksOfDeletion(fn) {
					g.checks[fd] = append(g.checks[fd], n.Pos())
				}
			}
			return true
		})
	}
	c.findEntries(g, decls)
	return g
}

// findEntries marks the entry points among decls: Reconcile methods, and
// methods whose results are a reconcile.Result and an error that the
// package's non-test code never names, neither by calling or using them as
// a value nor through a method of an interface their type implements (a
// caller in the package may check deletion before it calls them); such
// Reconcile methods are external too. Only methods: a
// generic reconciler reaches them through an interface, while a function
// of a helper package is more often called by the module's controllers
// after their own check.
func (c *checker) findEntries(g *callGraph, decls []*ast.FuncDecl) {
	named := map[types.Object]bool{}
	abstract := map[string][]*types.Interface{} // interface methods the package calls
	for id, obj := range c.pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || c.isTestFile(id.Pos()) {
			continue
		}
		named[fn] = true
		if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
			if iface, ok := recv.Type().Underlying().(*types.Interface); ok {
				abstract[fn.Name()] = append(abstract[fn.Name()], iface)
			}
		}
	}
	for _, fd := range decls {
		fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		uncalled := fn != nil && !named[fn] && !calledThrough(fn, abstract[fn.Name()])
		switch {
		case fd.Recv != nil && fd.Name.Name == "Reconcile":
			g.entries[fd] = true
			// controller-runtime calls it: an ObjectReconciler's object
			// parameter, or an object the reconciler keeps in a field,
			// comes with no check of the package.
			g.external[fd] = uncalled
		case fd.Recv != nil && uncalled && returnsReconcileResult(fn):
			g.entries[fd] = true
			g.external[fd] = true
		}
	}
}

// calledThrough reports whether method fn's receiver type implements one of
// the interfaces whose method of its name the package calls.
func calledThrough(fn *types.Func, ifaces []*types.Interface) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || len(ifaces) == 0 {
		return false
	}
	t := recv.Type()
	if _, ok := t.(*types.Pointer); !ok {
		t = types.NewPointer(t) // the method sets of T and *T both count
	}
	for _, iface := range ifaces {
		if types.Implements(t, iface) {
			return true
		}
	}
	return false
}

// returnsReconcileResult reports whether fn's results are a
// reconcile.Result and an error.
func returnsReconcileResult(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 2 || !k8s.IsReconcileResult(res.At(0).Type()) {
		return false
	}
	return types.Identical(res.At(1).Type(), types.Universe.Lookup("error").Type())
}

func isDeletionTimestamp(name string) bool {
	return name == "DeletionTimestamp" || name == "GetDeletionTimestamp"
}

func mentionsDeletionTimestamp(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && isDeletionTimestamp(sel.Sel.Name) {
			found = true
		}
		return !found
	})
	return found
}

// unguarded reports whether some path from a Reconcile method reaches pos
// in fd without a deletion check.
func (g *callGraph) unguarded(fd *ast.FuncDecl, pos token.Pos, visiting map[*ast.FuncDecl]bool) bool {
	for _, p := range g.checks[fd] {
		if p < pos {
			return false
		}
	}
	if g.entries[fd] {
		return true
	}
	if visiting[fd] {
		return false
	}
	visiting[fd] = true
	for _, ref := range g.callers[fd] {
		if g.unguarded(ref.caller, ref.pos, visiting) {
			return true
		}
	}
	return false
}

// checkGuarded reports finalizers added where the object may already be
// being deleted.
func (c *checker) checkGuarded() {
	for _, s := range c.adds {
		if c.graph == nil {
			c.graph = c.buildGraph()
		}
		f := c.flow.Func(s.decl)
		site := f.Call(s.call)
		if site == nil {
			continue
		}
		objs := addedTo(site)
		if s.wrapper {
			objs = c.wrapperObject(s, site) // wrapguard.go
		}
		if objs == nil || !c.mayBeDeleting(s.decl, f, site, objs, map[*ast.FuncDecl]bool{}) {
			continue
		}
		c.rep.Reportf(s.call, "%s is added without a DeletionTimestamp check first: once the object is being deleted "+
			"the API server refuses the write (\"no new finalizers can be added if the object is being deleted\") "+
			"and reconciles fail until it is gone; handle deletion first (if !obj.GetDeletionTimestamp().IsZero() "+
			"{ ...; return }) and add the finalizer after", describe(s))
	}
}

// addedTo returns the objects whose finalizers an add changes:
// AddFinalizer's first argument, the object of append(obj.Finalizers, f),
// the receiver of SetFinalizers.
func addedTo(site *objflow.CallSite) objflow.Set {
	switch {
	case site.Callee != nil && site.Callee.Name() == "SetFinalizers":
		return site.Recv
	case len(site.ArgObjects) > 0 && site.ArgObjects[0] != nil:
		return site.ArgObjects[0]
	case len(site.Args) > 0:
		return site.Args[0]
	}
	return nil
}

// mayBeDeleting reports whether, before site in fd (analysed as f), one
// of the objects may be being deleted on some path from a Reconcile.
func (c *checker) mayBeDeleting(fd *ast.FuncDecl, f *objflow.Func, site *objflow.CallSite, objs objflow.Set, visiting map[*ast.FuncDecl]bool) bool {
	for _, id := range objs {
		facts := site.Facts(id)
		switch {
		case !facts.Has(objflow.MaybeDeleting | objflow.Deleting):
			continue // built here, or checked on every path
		case !c.graph.reachable(fd, map[*ast.FuncDecl]bool{}):
			return false
		case facts.Has(objflow.Deleting):
			return true
		}
		v := f.Value(id)
		if v.Kind == objflow.Copy {
			// A deep copy has its source's DeletionTimestamp: judged by
			// what it was copied from (claimCpy := pvc.DeepCopy() of a
			// parameter whose callers checked it).
			if src := f.CopiedFrom(site, id); len(src) > 0 {
				if c.mayBeDeleting(fd, f, site, src, visiting) {
					return true
				}
				continue
			}
		}
		switch {
		case v.Kind == objflow.Param && v.Var != nil && !isHolder(v) && c.graph.external[fd]:
			return true // handed in by a reconciler elsewhere, unchecked
		case v.Kind == objflow.Param && v.Var != nil && !isHolder(v):
			if c.callersPassDeleting(fd, paramIndexOf(fd, c.pass.TypesInfo, v.Var), "", visiting) {
				return true
			}
		case v.Kind == objflow.Load && f.Value(v.Base) != nil && f.Value(v.Base).Kind == objflow.Param:
			base := f.Value(v.Base)
			if base.Var != nil && fd.Recv != nil && paramIndexOf(fd, c.pass.TypesInfo, base.Var) == -1 && c.graph.external[fd] {
				return true // a reconciler's field (r.Provider), unchecked here
			}
			if c.callersPassDeleting(fd, paramIndexOf(fd, c.pass.TypesInfo, base.Var), v.Field, visiting) {
				return true
			}
		case v.Kind == objflow.Param || v.Kind == objflow.Load || v.Kind == objflow.Outer ||
			v.Kind == objflow.Unknown && !facts.Has(objflow.Filled):
			// Not followed to the callers (or returned by code opvet
			// cannot see, such as an interface's accessors: it may be
			// the object a caller checked): a check anywhere before.
			if c.graph.unguarded(fd, site.Call.Pos(), map[*ast.FuncDecl]bool{}) {
				return true
			}
		default:
			return true // read here from the API server (or built), never checked
		}
	}
	return false
}

// isHolder reports whether v is the Param of a struct that holds objects
// (a scope) rather than an object.
func isHolder(v *objflow.Value) bool { return !k8s.IsAPIObject(v.Type) }

// callersPassDeleting reports whether a caller of fd passes, as parameter
// idx (-1: the receiver), an object that may be being deleted; with field,
// the object in that field of the parameter.
func (c *checker) callersPassDeleting(fd *ast.FuncDecl, idx int, field string, visiting map[*ast.FuncDecl]bool) bool {
	if idx < -1 || visiting[fd] {
		return false
	}
	visiting[fd] = true
	for _, ref := range c.graph.callers[fd] {
		g := c.flow.Func(ref.caller)
		site := g.Call(ref.call)
		if site == nil {
			continue
		}
		arg := site.Recv
		if idx >= 0 && idx < len(site.Args) {
			arg = site.Args[idx]
		}
		if field != "" {
			arg = loadsOf(g, arg, field)
			if arg == nil {
				// The caller built the holder: fall back to a check
				// anywhere before the call.
				if c.graph.unguarded(ref.caller, ref.pos, map[*ast.FuncDecl]bool{}) {
					return true
				}
				continue
			}
		}
		if c.mayBeDeleting(ref.caller, g, site, arg, visiting) {
			return true
		}
	}
	return false
}

// loadsOf returns the objects of g read from field of the objects of base.
func loadsOf(g *objflow.Func, base objflow.Set, field string) objflow.Set {
	var out objflow.Set
	for _, v := range g.Values() {
		if v.Kind == objflow.Load && v.Field == field && base.Has(v.Base) {
			out = append(out, v.ID)
		}
	}
	return out
}

// paramIndexOf is the index of parameter v of fd, -1 for the receiver, -2
// when it is neither.
func paramIndexOf(fd *ast.FuncDecl, info *types.Info, v *types.Var) int {
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return -2
	}
	return astx.ParamIndex(fn.Type().(*types.Signature), v)
}

// reachable reports whether an entry point of the package reaches fd
// through static calls.
func (g *callGraph) reachable(fd *ast.FuncDecl, visiting map[*ast.FuncDecl]bool) bool {
	if g.entries[fd] {
		return true
	}
	if visiting[fd] {
		return false
	}
	visiting[fd] = true
	for _, ref := range g.callers[fd] {
		if g.reachable(ref.caller, visiting) {
			return true
		}
	}
	return false
}

// localVar returns the local variable (declared in fd's body, not a
// parameter of fd nor of a function literal in it) that e is, or whose
// address e takes, or nil.
func (c *checker) localVar(fd *ast.FuncDecl, e ast.Expr) *types.Var {
	id := varIdent(e)
	if id == nil {
		return nil
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pos() < fd.Body.Pos() || v.Pos() >= fd.Body.End() || c.isLitParam(fd, v) {
		return nil
	}
	return v
}

// isLitParam reports whether v is a parameter or result of a function
// literal in fd: its caller hands the object in and may save it (a
// patch helper's mutate callback, func(obj *T) { AddFinalizer(obj, f) }).
func (c *checker) isLitParam(fd *ast.FuncDecl, v *types.Var) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		lit, ok := n.(*ast.FuncLit)
		if found || !ok {
			return !found
		}
		if v.Pos() >= lit.Type.Pos() && v.Pos() < lit.Type.End() {
			found = true
		}
		return !found
	})
	return found
}

// varIdent returns the identifier of e when e is a name or takes the
// address of one (&v), or nil.
func varIdent(e ast.Expr) *ast.Ident {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	id, _ := e.(*ast.Ident)
	return id
}

// isVar reports whether e is v or &v.
func (c *checker) isVar(e ast.Expr, v *types.Var) bool {
	id := varIdent(e)
	if id == nil {
		return false
	}
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil {
		obj = c.pass.TypesInfo.Defs[id]
	}
	return obj == v
}
