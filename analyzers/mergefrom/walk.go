package mergefrom

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/opvet/opvet/internal/astx"

	"github.com/opvet/opvet/internal/k8s"
)

// maxRewalk is the loop nesting depth up to which a loop body is walked a
// second time to carry changes made late in one iteration to the start of
// the next. Deeper loops are walked once, which keeps the walk linear.
const maxRewalk = 3

// A walker follows one function body in source order: a structured walk
// with the state joined at the ends of branches and carried around loops.
type walker struct {
	*checker
	fn      ast.Node // the FuncDecl or FuncLit walked
	esc     *escaped
	targets []*target       // enclosing break and continue targets
	defers  []deferredPatch // Patch calls deferred so far
	loops   int             // loop nesting depth
}

// A target is a statement that break (and, for loops, continue) leaves.
type target struct {
	label     string
	loop      bool
	brk, cont *state
}

// A deferredPatch is a Patch call in a deferred function literal: it runs
// at every return after the defer statement.
type deferredPatch struct {
	call       *ast.CallExpr
	obj, patch ast.Expr
}

func newWalker(c *checker, fn ast.Node, esc *escaped) *walker {
	return &walker{checker: c, fn: fn, esc: esc}
}

func (w *walker) body(b *ast.BlockStmt) {
	st := w.stmts(b.List, newState())
	if !st.dead {
		w.atReturn(st)
	}
}

func (w *walker) stmts(list []ast.Stmt, st *state) *state {
	for _, s := range list {
		st = w.stmt(s, st)
	}
	return st
}

func (w *walker) stmt(s ast.Stmt, st *state) *state {
	if st.dead {
		// Unreachable, but its function literals still run when called.
		w.lits(s)
		return st
	}
	switch s := s.(type) {
	case *ast.ExprStmt:
		w.expr(s.X, st)
		if isPanic(w.info, s.X) {
			return deadState()
		}
	case *ast.AssignStmt:
		w.assign(s, st)
	case *ast.IncDecStmt:
		w.expr(s.X, st)
		w.write(s.X, st, s.Pos(), false)
	case *ast.DeclStmt:
		w.declStmt(s, st)
	case *ast.GoStmt:
		w.expr(s.Call, st)
	case *ast.SendStmt:
		w.expr(s.Chan, st)
		w.expr(s.Value, st)
	case *ast.DeferStmt:
		w.deferStmt(s, st)
	case *ast.ReturnStmt:
		for _, r := range s.Results {
			w.expr(r, st)
		}
		w.atReturn(st)
		return deadState()
	case *ast.BranchStmt:
		return w.branch(s, st)
	case *ast.LabeledStmt:
		return w.labeled(s.Label.Name, s.Stmt, st)
	case *ast.BlockStmt:
		st = w.stmts(s.List, st)
	case *ast.IfStmt:
		st = w.ifStmt(s, st)
	case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		return w.labeled("", s, st)
	}
	if _, compound := s.(*ast.BlockStmt); compound {
		w.prune(s, st)
	}
	return st
}

// labeled walks a statement that break or continue may target.
func (w *walker) labeled(label string, s ast.Stmt, st *state) *state {
	switch s := s.(type) {
	case *ast.ForStmt:
		st = w.loop(label, s.Init, s.Cond, s.Post, nil, s.Body, st)
	case *ast.RangeStmt:
		st = w.loop(label, nil, nil, nil, s, s.Body, st)
	case *ast.SwitchStmt:
		if s.Tag != nil {
			st = w.switchStmt(label, s.Init, &ast.ExprStmt{X: s.Tag}, s.Body, st)
		} else {
			st = w.switchStmt(label, s.Init, nil, s.Body, st)
		}
	case *ast.TypeSwitchStmt:
		st = w.switchStmt(label, s.Init, s.Assign, s.Body, st)
	case *ast.SelectStmt:
		st = w.switchStmt(label, nil, nil, s.Body, st)
	default:
		return w.stmt(s, st)
	}
	w.prune(s, st)
	return st
}

func (w *walker) ifStmt(s *ast.IfStmt, st *state) *state {
	if s.Init != nil {
		st = w.stmt(s.Init, st)
	}
	w.expr(s.Cond, st)
	then := w.stmt(s.Body, st.clone())
	if s.Else != nil {
		st = w.stmt(s.Else, st)
	}
	st = join(then, st)
	w.prune(s, st)
	return st
}

func (w *walker) loop(label string, init ast.Stmt, cond ast.Expr, post ast.Stmt, rng *ast.RangeStmt, body *ast.BlockStmt, st *state) *state {
	if init != nil {
		st = w.stmt(init, st)
	}
	if rng != nil {
		w.expr(rng.X, st)
	}
	t := &target{label: label, loop: true, brk: deadState(), cont: deadState()}
	w.targets = append(w.targets, t)
	w.loops++
	head := st.clone()
	exit := deadState()
	for iter := 0; ; iter++ {
		h := head.clone()
		if rng != nil && rng.Tok == token.ASSIGN {
			w.write(rng.Key, h, rng.Pos(), true)
			w.write(rng.Value, h, rng.Pos(), true)
		}
		w.expr(cond, h)
		if cond != nil || rng != nil {
			exit.merge(h) // the condition fails, the range ends
		}
		end := w.stmt(body, h)
		end.merge(t.cont)
		if post != nil && !end.dead {
			end = w.stmt(post, end)
		}
		if iter > 0 || w.loops > maxRewalk || !head.merge(end) {
			break
		}
	}
	w.loops--
	w.targets = w.targets[:len(w.targets)-1]
	exit.merge(t.brk)
	return exit
}

func (w *walker) switchStmt(label string, init, tag ast.Stmt, body *ast.BlockStmt, st *state) *state {
	if init != nil {
		st = w.stmt(init, st)
	}
	if tag != nil {
		st = w.stmt(tag, st)
	}
	t := &target{label: label, brk: deadState()}
	w.targets = append(w.targets, t)
	out := deadState()
	hasDefault := false
	for _, cl := range body.List {
		c := st.clone()
		var list []ast.Stmt
		switch cl := cl.(type) {
		case *ast.CaseClause:
			hasDefault = hasDefault || cl.List == nil
			for _, e := range cl.List {
				w.expr(e, c)
			}
			list = cl.Body
		case *ast.CommClause:
			hasDefault = hasDefault || cl.Comm == nil
			if cl.Comm != nil {
				c = w.stmt(cl.Comm, c)
			}
			list = cl.Body
		}
		out.merge(w.stmts(list, c))
	}
	if !hasDefault {
		out.merge(st)
	}
	w.targets = w.targets[:len(w.targets)-1]
	out.merge(t.brk)
	return out
}

func (w *walker) branch(s *ast.BranchStmt, st *state) *state {
	label := ""
	if s.Label != nil {
		label = s.Label.Name
	}
	for i := len(w.targets) - 1; i >= 0; i-- {
		t := w.targets[i]
		if label != "" && t.label != label {
			continue
		}
		switch s.Tok {
		case token.BREAK:
			t.brk.merge(st)
		case token.CONTINUE:
			if !t.loop {
				continue
			}
			t.cont.merge(st)
		}
		break
	}
	// goto and fallthrough: the path is not followed further (fewer
	// findings, never more).
	return deadState()
}

// prune drops the facts that cannot matter after s: patch variables and
// base roots declared inside s are out of scope.
func (w *walker) prune(s ast.Node, st *state) {
	inside := func(v *types.Var) bool { return v.Pos() >= s.Pos() && v.Pos() < s.End() }
	for v := range st.facts {
		if inside(v) {
			delete(st.facts, v)
		}
	}
	st.update(func(f fact) (fact, bool) { return f, !inside(f.rec.base.root) })
}

func (w *walker) declStmt(s *ast.DeclStmt, st *state) {
	gd, ok := s.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR {
		return
	}
	for _, spec := range gd.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok {
			continue
		}
		for _, v := range vs.Values {
			w.expr(v, st)
		}
		if len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, id := range vs.Names {
			if v, ok := w.info.Defs[id].(*types.Var); ok {
				w.bind(v, vs.Values[i], st)
			}
		}
	}
}

func (w *walker) assign(s *ast.AssignStmt, st *state) {
	for _, r := range s.Rhs {
		w.expr(r, st)
	}
	for _, l := range s.Lhs {
		w.expr(l, st)
	}
	for i, l := range s.Lhs {
		var rhs ast.Expr
		if len(s.Lhs) == len(s.Rhs) {
			rhs = s.Rhs[i]
		}
		id, isIdent := ast.Unparen(l).(*ast.Ident)
		if isIdent && id.Name == "_" {
			continue
		}
		if isIdent && s.Tok == token.DEFINE && w.info.Defs[id] != nil {
			if v, ok := w.info.Defs[id].(*types.Var); ok {
				w.bind(v, rhs, st)
			}
			continue
		}
		w.write(l, st, s.TokPos, s.Tok == token.ASSIGN || s.Tok == token.DEFINE)
		if isIdent {
			if v, ok := w.info.Uses[id].(*types.Var); ok {
				w.bind(v, rhs, st)
			}
		}
	}
}

// bind records that variable v now holds rhs: the patch of a MergeFrom
// call, the patch another variable holds, or something else.
func (w *walker) bind(v *types.Var, rhs ast.Expr, st *state) {
	delete(st.facts, v)
	if rhs == nil || !isPatchType(v.Type()) {
		return
	}
	if rec := w.mergeFrom(rhs); rec != nil {
		st.facts[v] = []fact{{rec: rec}}
		return
	}
	if id, ok := ast.Unparen(rhs).(*ast.Ident); ok {
		if u, ok := w.info.Uses[id].(*types.Var); ok && len(st.facts[u]) > 0 {
			st.facts[v] = append([]fact(nil), st.facts[u]...)
		}
	}
}

// write applies an assignment to the location l: writing inside a base
// object changes it; rebinding the base variable (or a location holding
// it) ends the alias.
func (w *walker) write(l ast.Expr, st *state, pos token.Pos, plain bool) {
	if l == nil {
		return
	}
	p, ok := pathOf(w.info, l, true)
	if !ok {
		return
	}
	st.update(func(f fact) (fact, bool) {
		switch relate(f.rec.base, p) {
		case around:
			return f, false
		case samePath:
			if !f.rec.byAddr && plain {
				return f, false
			}
		case unrelated:
			return f, true
		}
		if f.mut == nil {
			f.mut = w.newChange(pos, "the assignment to %s", types.ExprString(l))
		}
		return f, true
	})
}

// touch applies passing the location p (by reference) to a callee
// described by what: the callee may change the object, and may rebind a
// base held inside p.
func (w *walker) touch(p path, byRef bool, st *state, pos token.Pos, what string) {
	st.update(func(f fact) (fact, bool) {
		switch relate(f.rec.base, p) {
		case unrelated:
			return f, true
		case around:
			if byRef {
				return f, false
			}
		}
		if f.mut == nil {
			f.mut = w.newChange(pos, "%s", what)
		}
		return f, true
	})
}

// expr walks the calls of e in evaluation order.
func (w *walker) expr(e ast.Expr, st *state) {
	if e == nil {
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			w.funcLit(n, w.esc)
			return false
		case *ast.CallExpr:
			w.call(n, st)
			return false
		}
		return true
	})
}

// lits analyses the function literals of unreachable code.
func (w *walker) lits(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			w.funcLit(lit, w.esc)
			return false
		}
		return true
	})
}

func (w *walker) call(c *ast.CallExpr, st *state) {
	w.expr(c.Fun, st)
	for _, a := range c.Args {
		w.expr(a, st)
	}
	if tv, ok := w.info.Types[c.Fun]; ok && tv.IsType() {
		return // a conversion
	}
	if b, ok := calleeObj(w.info, c).(*types.Builtin); ok {
		if len(c.Args) > 0 && (b.Name() == "delete" || b.Name() == "clear" || b.Name() == "copy") {
			if p, ok := pathOf(w.info, c.Args[0], true); ok {
				w.touch(p, false, st, c.Pos(), b.Name())
			}
		}
		return
	}
	fn := k8s.Callee(w.info, c)
	if isMergeFrom(fn) {
		return
	}
	if obj, patch, ok := w.patchArgs(c, fn); ok {
		w.patch(c, obj, patch, st)
		return
	}
	w.effects(c, fn, st)
}

// effects applies what a call may do to the objects it can reach: its
// receiver (for methods that are not getters) and its reference arguments.
func (w *walker) effects(c *ast.CallExpr, fn *types.Func, st *state) {
	if k8s.IsReadOnlyCall(fn) {
		return
	}
	what := types.ExprString(c.Fun)
	if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
		if s := w.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal && mayWriteReceiver(s) {
			if p, ok := pathOf(w.info, sel.X, true); ok {
				w.touch(p, true, st, c.Pos(), what)
			}
		}
	}
	sig, _ := types.Unalias(w.info.TypeOf(c.Fun)).(*types.Signature)
	for i, a := range c.Args {
		if sig != nil && isEmptyInterface(paramType(sig, i)) {
			continue
		}
		x, addr := astx.StripAddr(a)
		if !addr && !isReference(w.info.TypeOf(a)) {
			continue
		}
		if p, ok := pathOf(w.info, x, true); ok {
			w.touch(p, addr || isReference(w.info.TypeOf(x)), st, c.Pos(), what)
		}
	}
}

// patch checks a call that sends (or computes) the patch held by patch
// for the object obj.
func (w *walker) patch(c *ast.CallExpr, obj, patch ast.Expr, st *state) {
	x, _ := astx.StripAddr(obj)
	target, ok := pathOf(w.info, x, false)
	if !ok || !target.exact() {
		return
	}
	if rec := w.mergeFrom(patch); rec != nil {
		if identical(rec.base, target) {
			w.note(&finding{rec: rec, patch: c, inline: true})
		}
		return
	}
	id, ok := ast.Unparen(patch).(*ast.Ident)
	if !ok {
		return
	}
	v, _ := w.info.Uses[id].(*types.Var)
	for _, f := range st.facts[v] {
		if identical(f.rec.base, target) {
			w.note(&finding{rec: f.rec, patch: c, change: f.mut})
		}
	}
}

func (w *walker) deferStmt(s *ast.DeferStmt, st *state) {
	lit, ok := ast.Unparen(s.Call.Fun).(*ast.FuncLit)
	if !ok {
		// defer c.Patch(ctx, obj, patch): the arguments are evaluated
		// now; check it as if it ran now.
		w.expr(s.Call, st)
		return
	}
	for _, a := range s.Call.Args {
		w.expr(a, st)
	}
	w.funcLit(lit, w.esc)
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if obj, patch, ok := w.patchArgs(c, k8s.Callee(w.info, c)); ok {
			w.defers = append(w.defers, deferredPatch{call: c, obj: obj, patch: patch})
		}
		return true
	})
}

// atReturn checks the deferred Patch calls as they run when the function
// returns in state st.
func (w *walker) atReturn(st *state) {
	for _, d := range w.defers {
		w.patch(d.call, d.obj, d.patch, st)
	}
}

func calleeObj(info *types.Info, c *ast.CallExpr) types.Object {
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		return info.Uses[f]
	case *ast.SelectorExpr:
		return info.Uses[f.Sel]
	}
	return nil
}

func isPanic(info *types.Info, e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	b, ok := calleeObj(info, c).(*types.Builtin)
	return ok && b.Name() == "panic"
}

func paramType(sig *types.Signature, i int) types.Type {
	n := sig.Params().Len()
	if n == 0 {
		return nil
	}
	if sig.Variadic() && i >= n-1 {
		if s, ok := sig.Params().At(n - 1).Type().Underlying().(*types.Slice); ok {
			return s.Elem()
		}
		return nil
	}
	if i >= n {
		return nil
	}
	return sig.Params().At(i).Type()
}

// mayWriteReceiver reports whether a method call may change its receiver:
// methods of interfaces and methods with pointer receivers.
func mayWriteReceiver(s *types.Selection) bool {
	fn, ok := s.Obj().(*types.Func)
	if !ok {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return false
	}
	if types.IsInterface(sig.Recv().Type()) {
		return true
	}
	_, ptr := types.Unalias(sig.Recv().Type()).(*types.Pointer)
	return ptr
}

// isCopyName reports whether a method name returns a fresh copy rather
// than a reference into its receiver.
func isCopyName(name string) bool {
	return strings.HasPrefix(name, "DeepCopy") || strings.HasPrefix(name, "Copy") || strings.HasPrefix(name, "Clone")
}
