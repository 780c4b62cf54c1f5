package finalizers

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
)

// Item 4 across calls: a finalizer change made by a function of the
// package on an object it was handed (a parameter, or a field of a
// per-request scope it was handed) is saved, if at all, by its callers.
// A caller that read the object into a local of its own and returns
// without an error on a path through the call, with the change still
// pending there (no Update or Patch of the object at or after the call,
// and the object not handed on, returned or stored), drops it: the local
// dies with the return (benthosdev/benthos-captain#23: reconcileDelete
// removes the finalizer from scope.Pipeline and Reconcile returns).

// maxCallerDepth bounds how far up the package's call graph the callers
// of a change are looked for.
const maxCallerDepth = 3

// checkSavedByCallers reports the AddFinalizer/RemoveFinalizer calls on
// objects handed in that a caller never saves on some path.
func (c *checker) checkSavedByCallers() {
	for _, s := range c.changeSites() {
		if !s.helper || s.decl == nil || c.unsaved[s.call] || c.localVar(s.decl, s.obj) != nil {
			continue
		}
		if c.graph == nil {
			c.graph = c.buildGraph()
		}
		if fd, r := c.unsavedByCaller(s.decl, 0, map[*ast.FuncDecl]bool{}); r != nil {
			c.reportUnsavedByCaller(s, fd, r)
		}
	}
}

// unsavedByCaller returns a caller of fd (directly or through up to
// maxCallerDepth calls) and a return of it where the finalizer change that
// the call of fd made is still pending on an object the caller read.
func (c *checker) unsavedByCaller(fd *ast.FuncDecl, depth int, visiting map[*ast.FuncDecl]bool) (*ast.FuncDecl, *objflow.ReturnSite) {
	if depth >= maxCallerDepth || visiting[fd] {
		return nil, nil
	}
	visiting[fd] = true
	for _, ref := range c.graph.callers[fd] {
		if r := c.unsavedAfterCall(ref.caller, ref.call); r != nil {
			return ref.caller, r
		}
		if caller, r := c.unsavedByCaller(ref.caller, depth+1, visiting); r != nil {
			return caller, r
		}
	}
	return nil, nil
}

// unsavedAfterCall returns a return of fd that hands back no error while
// an object that fd read into a local of its own still holds a finalizer
// change made by call, unsaved.
func (c *checker) unsavedAfterCall(fd *ast.FuncDecl, call *ast.CallExpr) *objflow.ReturnSite {
	if !c.flow.MayWrite(fd) {
		return nil // nothing in fd writes: not a function that saves objects
	}
	f := c.flow.Func(fd)
	for _, r := range f.Returns {
		if !returnsNilError(c.pass.TypesInfo, r.Stmt) {
			continue
		}
		for _, v := range f.Values() {
			if v.Kind != objflow.Alloc && v.Kind != objflow.Unknown {
				continue
			}
			if facts := r.Facts(v.ID); facts != nil && !savedByDeferred(f, v.ID) && !savedByCopy(f, v.ID, call.Pos()) && unsavedAt(facts, call.Pos()) {
				return r
			}
		}
	}
	return nil
}

func (c *checker) reportUnsavedByCaller(s *site, caller *ast.FuncDecl, r *objflow.ReturnSite) {
	c.markUnsaved(s.call)
	obj := types.ExprString(s.obj)
	line := c.pass.Fset.Position(r.Stmt.Pos()).Line
	if fn := k8s.Callee(c.pass.TypesInfo, s.call); fn != nil && fn.Name() == "RemoveFinalizer" {
		c.rep.Reportf(s.call, "%s is removed from %s but the object is never updated or patched afterwards on the "+
			"path of %s that returns at line %d: the API server keeps the finalizer and the object stays in "+
			"Terminating; call Update or Patch on the object after RemoveFinalizer on that path",
			describe(s), obj, caller.Name.Name, line)
		return
	}
	c.rep.Reportf(s.call, "%s is added to %s but the object is never updated or patched afterwards on the path of "+
		"%s that returns at line %d: the API server never sees the finalizer and deletion skips the cleanup; call "+
		"Update or Patch on the object after AddFinalizer on that path", describe(s), obj, caller.Name.Name, line)
}
