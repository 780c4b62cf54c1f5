package finalizers

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
)

// checkMergePatched is item 6: finalizers changed after client.MergeFrom
// copied the base and sent with that patch. A JSON merge patch carries a
// changed list whole, and MergeFrom leaves out the resourceVersion, so
// the server replaces its finalizers with the in-memory list whatever
// happened since the object was read: a finalizer that another controller
// or the garbage collector (foregroundDeletion) added meanwhile is
// dropped, one that was removed meanwhile is added back, which the API
// server refuses while the object is being deleted. With
// MergeFromWithOptimisticLock the patch carries the resourceVersion, and
// a stale one fails with a conflict and is retried.
func (c *checker) checkMergePatched(in *inspector.Inspector) {
	fns, retried := c.mergeFromCalls(in)
	for fn, calls := range fns {
		f := c.flow.Func(fn)
		if f == nil {
			continue
		}
		reported := map[*ast.CallExpr]bool{}
		for _, w := range f.Writes {
			// A status patch sends no metadata: the finalizers stay.
			if w.Write.API != k8s.APIControllerRuntime || w.Write.Op != k8s.OpPatch || w.Write.Subresource != k8s.SubMain ||
				w.Via != nil || len(w.Args) < 3 || retried[fn] && rereads(f, w) {
				continue
			}
			for _, pid := range w.Args[2] {
				mf, ch, ok := c.finalizersPatched(f, w, pid, calls)
				if ok && !reported[mf] {
					reported[mf] = true
					c.reportMergePatched(f, mf, w, ch)
				}
			}
		}
	}
}

// mergeFromCalls returns, by innermost enclosing function, the calls of
// client.MergeFrom, and of MergeFromWithOptions without the optimistic
// lock, in the package's non-test files; and the function literals that
// client-go's retry.OnError or retry.RetryOnConflict runs again when they
// fail.
func (c *checker) mergeFromCalls(in *inspector.Inspector) (map[ast.Node]map[*ast.CallExpr]bool, map[ast.Node]bool) {
	out := map[ast.Node]map[*ast.CallExpr]bool{}
	retried := map[ast.Node]bool{}
	var stack []ast.Node
	filter := []ast.Node{(*ast.File)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}
	in.Nodes(filter, func(n ast.Node, push bool) bool {
		switch n := n.(type) {
		case *ast.File:
			return push && !c.isTestFile(n.Pos())
		case *ast.FuncDecl, *ast.FuncLit:
			if push {
				stack = append(stack, n)
			} else {
				stack = stack[:len(stack)-1]
			}
		case *ast.CallExpr:
			if push && len(stack) > 0 && c.unlockedMergeFrom(n) {
				fn := stack[len(stack)-1]
				if out[fn] == nil {
					out[fn] = map[*ast.CallExpr]bool{}
				}
				out[fn][n] = true
			}
			if push && c.isRetry(n) {
				for _, arg := range n.Args {
					if lit, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
						retried[lit] = true
					}
				}
			}
		}
		return true
	})
	return out, retried
}

// isRetry reports whether call is client-go's retry.OnError or
// retry.RetryOnConflict, which run their function again when it fails.
func (c *checker) isRetry(call *ast.CallExpr) bool {
	name := k8s.CalleeName(call.Fun)
	if name != "OnError" && name != "RetryOnConflict" {
		return false
	}
	fn := k8s.Callee(c.pass.TypesInfo, call)
	return fn != nil && k8s.IsFunc(fn, k8s.Retry, name)
}

// rereads reports whether the function reads the object that w sends
// before sending it: run again by a retry when the patch fails, it patches
// from a fresh base (cluster-api's topology MachineSet controller retries
// the "no new finalizers can be added" failure this way).
func rereads(f *objflow.Func, w *objflow.WriteSite) bool {
	for _, r := range f.Reads() {
		if r.Call.Pos() < w.Call.Pos() && f.Contains(r.Call.Pos()) && r.Into.Intersects(w.Object) {
			return true
		}
	}
	return false
}

// unlockedMergeFrom reports whether call makes a JSON merge patch without
// the optimistic lock: client.MergeFrom(obj), or MergeFromWithOptions
// whose options are literals none of which is the lock (options held in
// variables may hold it).
func (c *checker) unlockedMergeFrom(call *ast.CallExpr) bool {
	name := k8s.CalleeName(call.Fun)
	if (name != "MergeFrom" && name != "MergeFromWithOptions") || len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return false
	}
	if !k8s.IsMergeFrom(k8s.Callee(c.pass.TypesInfo, call)) {
		return false
	}
	for _, opt := range call.Args[1:] {
		lit, ok := ast.Unparen(opt).(*ast.CompositeLit)
		if !ok || k8s.IsNamed(c.pass.TypesInfo.TypeOf(lit), k8s.Client, "MergeFromWithOptimisticLock") {
			return false
		}
	}
	return true
}

// finalizersPatched returns the MergeFrom call (one of calls) that made
// the patch pid sent by w, and the first change of the finalizers of the
// object sent that was made after its base was copied; ok is false
// when there is none, when the base is not a copy of the object sent, or
// when the patch was made elsewhere.
func (c *checker) finalizersPatched(f *objflow.Func, w *objflow.WriteSite, pid int32, calls map[*ast.CallExpr]bool) (*ast.CallExpr, objflow.Change, bool) {
	p := f.Value(pid)
	if p == nil || p.Kind != objflow.Patch {
		return nil, objflow.Change{}, false
	}
	mf, _ := p.Node.(*ast.CallExpr)
	pf := w.Facts(pid)
	if mf == nil || !calls[mf] || pf == nil || !copiesSent(w, pf.Base) {
		return nil, objflow.Change{}, false
	}
	copied := copySite(f, pf.Base)
	if copied == nil {
		return nil, objflow.Change{}, false
	}
	for _, id := range w.Object {
		before := copied.Facts(id)
		for _, ch := range w.Facts(id).Changes {
			if len(ch.Path) > 0 && ch.Path[0] == "Finalizers" && !hasChange(before, ch) && !c.clearsFinalizers(f, ch) {
				return mf, ch, true
			}
		}
	}
	return nil, objflow.Change{}, false
}

// clearsFinalizers reports whether ch, made in f, sets the whole list of
// finalizers to nil or to an empty literal (obj.Finalizers = nil,
// obj.SetFinalizers([]string{})). The merge patch of such a change is
// "finalizers": null whatever the base held, so a finalizer added since
// the read is dropped with or without the lock, as the code asks: the
// lock would change nothing at runtime.
func (c *checker) clearsFinalizers(f *objflow.Func, ch objflow.Change) bool {
	if ch.Made != nil || ch.Presumed || len(ch.Path) != 1 || !f.Contains(ch.Pos) {
		return false
	}
	clears := false
	ast.Inspect(f.Node, func(n ast.Node) bool {
		if clears || n == nil || ch.Pos < n.Pos() || ch.Pos >= n.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if lhs.Pos() == ch.Pos && len(n.Rhs) == len(n.Lhs) {
					clears = n.Tok == token.ASSIGN && c.emptyList(n.Rhs[i])
				}
			}
		case *ast.CallExpr:
			if n.Pos() == ch.Pos && k8s.CalleeName(n.Fun) == "SetFinalizers" && len(n.Args) == 1 {
				clears = c.emptyList(n.Args[0])
			}
		}
		return true
	})
	return clears
}

// emptyList reports whether e is nil or a composite literal without
// elements ([]string{}).
func (c *checker) emptyList(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	return astx.IsNil(c.pass.TypesInfo, e) || ok && len(lit.Elts) == 0
}

// copiesSent reports whether every base of a patch is a copy of an object
// that w sends (MergeFrom(obj.DeepCopy()) ... Patch(ctx, obj, patch)).
func copiesSent(w *objflow.WriteSite, base objflow.Set) bool {
	if len(base) == 0 {
		return false
	}
	for _, id := range base {
		bf := w.Facts(id)
		if w.Object.Has(id) || bf == nil || !bf.Sources.Intersects(w.Object) {
			return false
		}
	}
	return true
}

// copySite returns the call that copied the base (obj.DeepCopy()), where
// the facts before it say what the base holds; nil when there are several
// bases or the copy is not a call of this function.
func copySite(f *objflow.Func, base objflow.Set) *objflow.CallSite {
	if len(base) != 1 {
		return nil
	}
	call, ok := f.Value(base[0]).Node.(*ast.CallExpr)
	if !ok {
		return nil
	}
	return f.Call(call)
}

// hasChange reports whether facts holds the change ch (made at the same
// place, of the same field).
func hasChange(facts *objflow.Facts, ch objflow.Change) bool {
	if facts == nil {
		return false
	}
	for _, old := range facts.Changes {
		if old.Pos == ch.Pos && old.Label() == ch.Label() {
			return true
		}
	}
	return false
}

// reportMergePatched reports the MergeFrom call mf, whose patch w sends
// with the finalizer change ch, and suggests the optimistic lock.
func (c *checker) reportMergePatched(f *objflow.Func, mf *ast.CallExpr, w *objflow.WriteSite, ch objflow.Change) {
	what := ch.What
	if what == "" {
		what = "a change of the finalizers"
	}
	d := analysis.Diagnostic{
		Pos: mf.Pos(), End: mf.End(),
		Message: fmt.Sprintf("the finalizers of %s are changed (%s %s) and sent by %s at line %d with this JSON merge "+
			"patch, which replaces the whole list without a resourceVersion: a finalizer that another controller "+
			"or the garbage collector added or removed since the object was read is dropped or added back, and "+
			"the API server refuses one added back while the object is being deleted (\"no new finalizers can be "+
			"added if the object is being deleted\"); make the patch with "+
			"client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}), so that a stale patch fails "+
			"with a conflict and is retried",
			types.ExprString(w.Write.Object), what, c.where(f, ch.Pos), w.Write.CallName(), c.pass.Fset.Position(w.Call.Pos()).Line),
	}
	if fix, ok := c.lockFix(mf); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	c.rep.Report(d)
}

// where says where pos is: "at line 12", or "at file.go:12" outside f's
// file or body (a callback bound by a caller).
func (c *checker) where(f *objflow.Func, pos token.Pos) string {
	if f.Contains(pos) {
		return fmt.Sprintf("at line %d", c.pass.Fset.Position(pos).Line)
	}
	return "at " + astx.ShortPos(c.pass.Fset, pos)
}

// lockFix adds the optimistic lock to mf: pkg.MergeFrom(x) becomes
// pkg.MergeFromWithOptions(x, pkg.MergeFromWithOptimisticLock{}), and
// MergeFromWithOptions gets the option appended. Only for a call through
// the package's name (the fix names the package the same way).
func (c *checker) lockFix(mf *ast.CallExpr) (analysis.SuggestedFix, bool) {
	sel, ok := ast.Unparen(mf.Fun).(*ast.SelectorExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	qual, ok := sel.X.(*ast.Ident)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	if _, isPkg := c.pass.TypesInfo.Uses[qual].(*types.PkgName); !isPkg {
		return analysis.SuggestedFix{}, false
	}
	lock := ", " + qual.Name + ".MergeFromWithOptimisticLock{}"
	edits := []analysis.TextEdit{{Pos: mf.Args[len(mf.Args)-1].End(), End: mf.Args[len(mf.Args)-1].End(), NewText: []byte(lock)}}
	if sel.Sel.Name == "MergeFrom" {
		edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("MergeFromWithOptions")})
	}
	return analysis.SuggestedFix{Message: "Make the patch with the optimistic lock", TextEdits: edits}, true
}
