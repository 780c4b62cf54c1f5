package finalizers

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
)

// Item 4: AddFinalizer or RemoveFinalizer on an object that nothing saves
// afterwards. Only objects held in local variables are judged (one that
// came in as a parameter may be saved by the caller), and any use that
// could hand the object to code that saves it counts as saving it: an
// argument to a call other than the few known not to write it, a return,
// an assignment, a closure or a defer that mentions it.

// checkSaved reports AddFinalizer/RemoveFinalizer calls whose change is
// never written.
func (c *checker) checkSaved() {
	for _, s := range c.changeSites() {
		if !s.helper {
			continue
		}
		v := c.localVar(s.decl, s.obj)
		if v == nil || !c.ownedLocal(s.decl, v) || c.handedOff(s, v) {
			if v != nil {
				c.checkSavedOnPaths(s, v)
			}
			continue
		}
		obj := v.Name()
		c.markUnsaved(s.call)
		if fn := k8s.Callee(c.pass.TypesInfo, s.call); fn != nil && fn.Name() == "RemoveFinalizer" {
			c.rep.Reportf(s.call, "%s is removed from %s but %s is never updated or patched afterwards: the API server "+
				"keeps the finalizer and the object stays in Terminating; call Update or Patch on %s after "+
				"RemoveFinalizer", describe(s), obj, obj, obj)
			continue
		}
		c.rep.Reportf(s.call, "%s is added to %s but %s is never updated or patched afterwards: the API server never "+
			"sees the finalizer and deletion skips the cleanup; call Update or Patch on %s after AddFinalizer",
			describe(s), obj, obj, obj)
	}
}

// checkSavedOnPaths reports a finalizer change of an object held in a
// local variable, read from the API server in the function, that some
// path returns without writing (while another path writes it): on that
// path the change is still pending at the return, no Update or Patch of
// the object follows it, and the object does not leave the function (not
// returned, stored, captured or handed to code opvet cannot see).
func (c *checker) checkSavedOnPaths(s *site, v *types.Var) {
	if s.decl == nil || !c.flow.MayWrite(s.decl) {
		return
	}
	f := c.flow.Func(s.decl)
	cs := f.Call(s.call)
	if cs == nil {
		return
	}
	if r := c.unsavedReturn(f, addedTo(cs), s.call.Pos()); r != nil {
		c.reportUnsavedPath(s, v, r)
	}
}

// unsavedReturn returns the first return of f that returns no error and
// finds the finalizer change made at pos still pending on one of objs
// that the function made or read itself, or nil.
func (c *checker) unsavedReturn(f *objflow.Func, objs objflow.Set, pos token.Pos) *objflow.ReturnSite {
	for _, r := range f.Returns {
		if !returnsNilError(c.pass.TypesInfo, r.Stmt) {
			continue // a failed write or another error: the request is retried
		}
		for _, id := range objs {
			if val := f.Value(id); val == nil || (val.Kind != objflow.Alloc && val.Kind != objflow.Unknown) {
				continue // a parameter or a field: the caller may save it
			}
			if savedByDeferred(f, id) || savedByCopy(f, id, pos) {
				continue // a deferred write sends it after every return, a copy's write on its path
			}
			if facts := r.Facts(id); facts != nil && unsavedAt(facts, pos) {
				return r
			}
		}
	}
	return nil
}

// savedByCopy reports whether a call of f hands object id, with the
// finalizer change made at pos pending, to a function of the module that
// writes a deep copy of it to the main resource (a wrapper that updates
// obj.DeepCopyObject()): the copy carries the change to the API server.
func savedByCopy(f *objflow.Func, id int32, pos token.Pos) bool {
	return slices.ContainsFunc(f.CopyWriteFacts(id), func(facts *objflow.Facts) bool { return holdsFinalizerChange(facts, pos) })
}

// holdsFinalizerChange reports whether facts hold, pending, the finalizer
// change made at pos.
func holdsFinalizerChange(facts *objflow.Facts, pos token.Pos) bool {
	return slices.ContainsFunc(facts.Changes, func(ch objflow.Change) bool {
		return ch.Pos == pos && len(ch.Path) > 0 && ch.Path[0] == "Finalizers"
	})
}

// savedByDeferred reports whether a call the function defers writes the
// main resource of object id (a patch helper's deferred Patch).
func savedByDeferred(f *objflow.Func, id int32) bool {
	exit := f.ExitFacts(id)
	if exit == nil {
		return false
	}
	for _, send := range exit.Sends {
		if send.Subresource == k8s.SubMain && f.InDeferred(send.Pos) {
			return true
		}
	}
	return false
}

// returnsNilError reports whether a return statement returns no error: its
// last result is not an error, or is the nil identifier. A reconciler that
// returns an error is retried, and the change made again. A result of
// another type built from an error (cass-operator's and k8ssandra's
// `return result.Error(err)`, a step result that carries the error to
// the reconciler) returns that error too.
func returnsNilError(info *types.Info, rs *ast.ReturnStmt) bool {
	if len(rs.Results) == 0 {
		return true // a bare return: judged only without named results below
	}
	last := rs.Results[len(rs.Results)-1]
	t := info.TypeOf(last)
	if t == nil {
		return false
	}
	if isError(t) {
		return astx.IsNil(info, last)
	}
	for _, r := range rs.Results {
		if carriesError(info, r) {
			return false
		}
	}
	return true
}

var errorType = types.Universe.Lookup("error").Type()

func isError(t types.Type) bool {
	return types.Identical(t, errorType) || types.Implements(t, errorType.Underlying().(*types.Interface))
}

// carriesError reports whether e is a call given an error value that
// may be non-nil (result.Error(err), Wrap(err)), or a struct literal
// holding one (baremetal-operator's actionError{fmt.Errorf(...)}, which
// its Result method returns as the reconciler's error).
func carriesError(info *types.Info, e ast.Expr) bool {
	var parts []ast.Expr
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		parts = x.Args
	case *ast.UnaryExpr:
		if lit, ok := ast.Unparen(x.X).(*ast.CompositeLit); ok && x.Op == token.AND {
			parts = lit.Elts
		}
	case *ast.CompositeLit:
		parts = x.Elts
	}
	for _, part := range parts {
		if kv, ok := part.(*ast.KeyValueExpr); ok {
			part = kv.Value
		}
		if t := info.TypeOf(part); t != nil && isError(t) && !astx.IsNil(info, part) {
			return true
		}
	}
	return false
}

// unsavedAt reports whether facts, at a return, hold the finalizer change
// made at pos still pending, with no write of the main resource at pos or
// after it and no way out of the function for the object. pos is an
// AddFinalizer or RemoveFinalizer call, or the call of a function of the
// package that made the change (whose own write, if any, is at the call).
func unsavedAt(facts *objflow.Facts, pos token.Pos) bool {
	if !facts.Has(objflow.Filled) || facts.Has(objflow.Escaped|objflow.Captured|objflow.Returned|objflow.UnknownChange) {
		return false
	}
	if !holdsFinalizerChange(facts, pos) {
		return false
	}
	for _, send := range facts.Sends {
		if send.Pos >= pos && send.Subresource == k8s.SubMain {
			return false
		}
	}
	return true
}

func (c *checker) reportUnsavedPath(s *site, v *types.Var, r *objflow.ReturnSite) {
	c.markUnsaved(s.call)
	obj := v.Name()
	line := c.pass.Fset.Position(r.Stmt.Pos()).Line
	if fn := k8s.Callee(c.pass.TypesInfo, s.call); fn != nil && fn.Name() == "RemoveFinalizer" {
		c.rep.Reportf(s.call, "%s is removed from %s but %s is never updated or patched afterwards on the path that "+
			"returns at line %d: the API server keeps the finalizer and the object stays in Terminating; call Update "+
			"or Patch on %s after RemoveFinalizer on that path", describe(s), obj, obj, line, obj)
		return
	}
	c.rep.Reportf(s.call, "%s is added to %s but %s is never updated or patched afterwards on the path that returns "+
		"at line %d: the API server never sees the finalizer and deletion skips the cleanup; call Update or Patch "+
		"on %s after AddFinalizer on that path", describe(s), obj, obj, line, obj)
}

// ownedLocal reports whether every value stored in v is the function's
// own: a struct value (a copy), or a pointer from T{...}, &T{...},
// new(T) or x.DeepCopy().
func (c *checker) ownedLocal(fd *ast.FuncDecl, v *types.Var) bool {
	if owned, ok := c.ownedCache[v]; ok {
		return owned
	}
	owned := c.computeOwnedLocal(fd, v)
	if c.ownedCache == nil {
		c.ownedCache = map[*types.Var]bool{}
	}
	c.ownedCache[v] = owned
	return owned
}

func (c *checker) computeOwnedLocal(fd *ast.FuncDecl, v *types.Var) bool {
	if _, isPtr := types.Unalias(v.Type()).Underlying().(*types.Pointer); !isPtr {
		_, isStruct := types.Unalias(v.Type()).Underlying().(*types.Struct)
		return isStruct
	}
	owned := true
	check := func(rhs ast.Expr) {
		if _, built := astx.Construction(rhs); !built && !k8s.IsDeepCopyCall(rhs) {
			owned = false
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if !c.isVar(lhs, v) {
					continue
				}
				if len(n.Rhs) != len(n.Lhs) {
					owned = false
				} else {
					check(n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if c.pass.TypesInfo.Defs[name] != v {
					continue
				}
				if i >= len(n.Values) {
					owned = false // a nil pointer, filled by someone else
				} else {
					check(n.Values[i])
				}
			}
		case *ast.RangeStmt:
			if (n.Key != nil && c.isVar(n.Key, v)) || (n.Value != nil && c.isVar(n.Value, v)) {
				owned = false
			}
		}
		return owned
	})
	return owned
}

// handedOff reports whether v may reach code that saves it after the
// change s makes. The uses of v are judged once per variable (uses), so
// that a function with many finalizer changes stays linear.
func (c *checker) handedOff(s *site, v *types.Var) bool {
	u := c.uses(s.decl, v)
	at := s.call.Pos()
	if u.after > at {
		return true
	}
	for _, h := range u.inClosures {
		if h.deferred || h.after > at {
			return true
		}
		for _, lit := range h.lits {
			if !contains(lit, s.call) {
				return true // a closure may run later
			}
		}
	}
	return false
}

// handoff is the judgement of one use of a variable: it hands the object
// on for every change before after (token.NoPos: never).
type handoff struct {
	after    token.Pos
	lits     []*ast.FuncLit // enclosing function literals, innermost first
	deferred bool           // in a defer or go statement: always a hand-off
}

// varUses summarises the uses of one variable: after is the largest
// threshold of the uses outside closures; uses in closures depend on
// where the change is and are kept whole.
type varUses struct {
	after      token.Pos
	inClosures []handoff
}

// uses walks fd once for v and caches the summary.
func (c *checker) uses(fd *ast.FuncDecl, v *types.Var) *varUses {
	if u, ok := c.useCache[v]; ok {
		return u
	}
	u := &varUses{}
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
			h := c.judgeUse(stack)
			if len(h.lits) == 0 && !h.deferred {
				u.after = max(u.after, h.after)
			} else {
				u.inClosures = append(u.inClosures, h)
			}
		}
		return true
	})
	if c.useCache == nil {
		c.useCache = map[*types.Var]*varUses{}
	}
	c.useCache[v] = u
	return u
}

// always is a threshold later than every change.
const always = token.Pos(1<<31 - 1)

// judgeUse judges one use of the variable; stack runs from the function
// body to the identifier.
func (c *checker) judgeUse(stack []ast.Node) handoff {
	var h handoff
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.FuncLit:
			h.lits = append(h.lits, p)
		case *ast.DeferStmt, *ast.GoStmt:
			h.deferred = true
			return h
		}
	}
	h.after = c.handOffThreshold(stack)
	return h
}

// handOffThreshold returns the position before which a change is handed
// on by this use: the end of a call that may save the object, the start
// of a return, always for stores into other values, never for reads.
func (c *checker) handOffThreshold(stack []ast.Node) token.Pos {
	use := stack[len(stack)-1]
	for i := len(stack) - 2; i >= 0; i-- {
		parent := stack[i]
		switch p := parent.(type) {
		case *ast.ParenExpr:
			use = p
			continue
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				use = p
				continue
			}
			return token.NoPos
		case *ast.SelectorExpr:
			return token.NoPos // obj.Field, obj.Method(): reads or changes it in place
		case *ast.CallExpr:
			if p.Fun == use || c.neverSaves(p) {
				return token.NoPos
			}
			return p.End()
		case *ast.ReturnStmt:
			return p.Pos()
		case *ast.AssignStmt:
			for _, lhs := range p.Lhs {
				if lhs == use {
					return token.NoPos // a new value for v, judged by ownedLocal
				}
			}
			return always
		case *ast.ValueSpec, *ast.CompositeLit, *ast.KeyValueExpr, *ast.SendStmt:
			return always
		case *ast.BinaryExpr, *ast.IfStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.SwitchStmt,
			*ast.TypeSwitchStmt, *ast.TypeAssertExpr:
			return token.NoPos
		default:
			return always
		}
	}
	return token.NoPos
}

func contains(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// neverSaves reports whether call is known not to write its object's
// metadata: reads, deletes, status writes, finalizer helpers, keys,
// patch bases and logging.
func (c *checker) neverSaves(call *ast.CallExpr) bool {
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	for _, m := range []struct{ typ, name string }{
		{"Reader", "Get"}, {"Reader", "List"}, {"Writer", "Delete"}, {"Writer", "DeleteAllOf"},
		{"SubResourceWriter", "Update"}, {"SubResourceWriter", "Patch"}, {"SubResourceWriter", "Create"},
	} {
		if k8s.IsMethod(fn, k8s.Client, m.typ, m.name) {
			return true
		}
	}
	for _, f := range []struct{ pkg, name string }{
		{k8s.Controllerutil, "AddFinalizer"}, {k8s.Controllerutil, "RemoveFinalizer"},
		{k8s.Controllerutil, "ContainsFinalizer"}, {k8s.Client, "ObjectKeyFromObject"},
		{k8s.Client, "MergeFrom"}, {k8s.Client, "MergeFromWithOptions"}, {k8s.Client, "StrategicMergeFrom"},
	} {
		if k8s.IsFunc(fn, f.pkg, f.name) {
			return true
		}
	}
	switch k8s.PkgPath(fn.Pkg()) {
	case "fmt", "log", "log/slog", "github.com/go-logr/logr", "k8s.io/klog/v2":
		return true
	}
	return false
}

// checkRefetched reports a finalizer added to or removed from an object
// that is then read again from the API server (Get into the same object)
// before the write that should send it: the read replaces the object, so
// the write sends the stored finalizers.
func (c *checker) checkRefetched() {
	for _, s := range c.changeSites() {
		if !s.helper {
			continue
		}
		f := c.flow.Func(s.decl)
		site := f.Call(s.call)
		if site == nil || len(site.Args) == 0 || len(site.Args[0]) == 0 {
			continue
		}
		objs := site.Args[0]
		for _, r := range f.Reads() {
			if !r.Into.Intersects(objs) || !pendingAt(r.CallSite, objs, s.call.Pos()) {
				continue // not reached from this change
			}
			if w := writeAfterDropping(f, r.Call.Pos(), objs); w != nil {
				fset := c.pass.Fset
				c.rep.Reportf(s.call, "%s is changed on %s, but the read at line %d replaces %s with the stored object "+
					"before %s at line %d sends it, so the change is lost; change the finalizers after the read",
					describe(s), types.ExprString(s.obj), fset.Position(r.Call.Pos()).Line, types.ExprString(s.obj),
					w.Write.CallName(), fset.Position(w.Call.Pos()).Line)
				break
			}
		}
	}
}

// checkStatusOnly reports a finalizer added to or removed from an object
// whose first write after the change is a controller-runtime status
// write: the status subresource ignores metadata, and the client decodes
// the stored object into the one it sent, so the change is neither saved
// nor kept in memory for a later write (benthosdev/benthos-captain#23).
func (c *checker) checkStatusOnly() {
	for _, s := range c.changeSites() {
		if !s.helper || s.decl == nil || c.unsaved[s.call] || !c.flow.MayWrite(s.decl) {
			continue
		}
		f := c.flow.Func(s.decl)
		site := f.Call(s.call)
		if site == nil || len(site.Args) == 0 || len(site.Args[0]) == 0 {
			continue
		}
		w := firstWriteAfter(f, s.call.Pos(), site.Args[0])
		if w == nil || !w.Write.IsStatus() || !decodesInto(w.Write) {
			continue
		}
		obj := types.ExprString(s.obj)
		verb, fix := "added to", "AddFinalizer"
		if fn := k8s.Callee(c.pass.TypesInfo, s.call); fn != nil && fn.Name() == "RemoveFinalizer" {
			verb, fix = "removed from", "RemoveFinalizer"
		}
		c.markUnsaved(s.call)
		write := w.Write.CallName()
		if w.Via != nil {
			write += " in " + types.ExprString(w.Call.Fun)
		}
		c.rep.Reportf(s.call, "%s is %s %s, but the first write of %s after it is %s %s, which writes only the "+
			"status and replaces %s with the stored object, so the change is lost; call Update or Patch on %s after %s",
			describe(s), verb, obj, obj, write, c.where(f, w.Call.Pos()), obj, obj, fix)
	}
}

// changeSites returns the adds and then the removes collected.
func (c *checker) changeSites() []*site {
	return append(append([]*site(nil), c.adds...), c.removes...)
}

// markUnsaved records that the change call was reported as never saved.
func (c *checker) markUnsaved(call *ast.CallExpr) {
	if c.unsaved == nil {
		c.unsaved = map[*ast.CallExpr]bool{}
	}
	c.unsaved[call] = true
}

// firstWriteAfter returns the first write of f after pos (by position,
// then in the order the calls make them) of objs while the change made at
// pos is still pending, or nil.
func firstWriteAfter(f *objflow.Func, pos token.Pos, objs objflow.Set) *objflow.WriteSite {
	var first *objflow.WriteSite
	for _, w := range f.Writes {
		if w.Call.Pos() <= pos || !w.Object.Intersects(objs) || !pendingAt(w.CallSite, objs, pos) {
			continue
		}
		if first == nil || w.Call.Pos() < first.Call.Pos() {
			first = w
		}
	}
	return first
}

// decodesInto reports whether the write decodes the server's answer
// into the object it was given (controller-runtime's clients).
func decodesInto(w k8s.Write) bool {
	return w.API == k8s.APIControllerRuntime
}

// pendingAt reports whether the change made at pos to objs is still
// pending just before the call.
func pendingAt(site *objflow.CallSite, objs objflow.Set, pos token.Pos) bool {
	for _, id := range objs {
		if f := site.Facts(id); f != nil {
			for _, ch := range f.Changes {
				if ch.Pos == pos {
					return true
				}
			}
		}
	}
	return false
}

// writeAfterDropping returns the first write of objs after pos whose
// objects no longer carry a finalizer change, or nil.
func writeAfterDropping(f *objflow.Func, pos token.Pos, objs objflow.Set) *objflow.WriteSite {
	for _, w := range f.Writes {
		if w.Call.Pos() <= pos || !w.Object.Intersects(objs) {
			continue
		}
		for _, id := range w.Object {
			if objs.Has(id) && !changesFinalizers(w.Facts(id)) {
				return w
			}
		}
		return nil
	}
	return nil
}

func changesFinalizers(f *objflow.Facts) bool {
	if f == nil {
		return false
	}
	for _, ch := range f.Changes {
		if len(ch.Path) > 0 && ch.Path[0] == "Finalizers" {
			return true
		}
	}
	return false
}
