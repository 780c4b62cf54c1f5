package finalizers

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
)

// helperChange is a change of an object's finalizers that a function of
// the package makes for its caller (removeFinalizer(ctx, obj), however it
// edits the list), seen at the call through that function's summary.
type helperChange struct {
	call   *ast.CallExpr
	callee *types.Func
	site   *objflow.ChangeSite
}

// checkHelperChangesSaved is item 4 for finalizer changes made by the
// package's own functions: the list is the field that matters, not the
// call that edits it. An object read into a local, whose finalizers such
// a function changes, on a path that returns no error without writing
// the object afterwards (while another path writes it), keeps its old
// finalizers on the server.
func (c *checker) checkHelperChangesSaved() {
	if len(c.adds) == 0 && len(c.removes) == 0 && len(c.drops) == 0 && !c.selectsFinalizers() {
		return // no function of the package edits a finalizer list
	}
	for _, file := range c.pass.Files {
		if c.isTestFile(file.Pos()) {
			continue
		}
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !c.flow.MayWrite(fd) {
				continue
			}
			for _, hc := range c.helperChanges(fd) {
				c.checkHelperChangeOnPaths(fd, hc)
			}
		}
	}
}

// helperChanges returns the finalizer changes that calls of the package's
// functions make in fd, other than the calls and callees items 1 to 4
// already judge.
func (c *checker) helperChanges(fd *ast.FuncDecl) []helperChange {
	f := c.flow.Func(fd)
	if f == nil {
		return nil
	}
	var at map[token.Pos]*ast.CallExpr
	var out []helperChange
	for _, cs := range f.Changes {
		if cs.Presumed || len(cs.Path) == 0 || cs.Path[0] != "Finalizers" {
			continue
		}
		if at == nil {
			at = callsByPos(fd.Body)
		}
		call := at[cs.Pos]
		if call == nil || c.isSite(call) {
			continue
		}
		fn := k8s.Callee(c.pass.TypesInfo, call)
		if fn == nil || fn.Pkg() != c.pass.Pkg || isAddWrapper(fn.Name()) || c.holdsSite(c.flow.Decl(fn)) {
			continue
		}
		out = append(out, helperChange{call: call, callee: fn, site: cs})
	}
	return out
}

// callsByPos indexes the calls of body by position.
func callsByPos(body *ast.BlockStmt) map[token.Pos]*ast.CallExpr {
	calls := map[token.Pos]*ast.CallExpr{}
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			calls[call.Pos()] = call
		}
		return true
	})
	return calls
}

// holdsSite reports whether fd makes one of the adds and removes
// collected: its callers are judged by checkSavedByCallers.
func (c *checker) holdsSite(fd *ast.FuncDecl) bool {
	return fd != nil && slices.ContainsFunc(c.changeSites(), func(s *site) bool { return s.decl == fd })
}

// isSite reports whether call is one of the adds and removes collected.
func (c *checker) isSite(call *ast.CallExpr) bool {
	return slices.ContainsFunc(c.changeSites(), func(s *site) bool { return s.call == call })
}

// checkHelperChangeOnPaths reports the change of hc when a return of fd
// that returns no error finds it pending on an object the function read
// into a local, as checkSavedOnPaths does for AddFinalizer and
// RemoveFinalizer.
func (c *checker) checkHelperChangeOnPaths(fd *ast.FuncDecl, hc helperChange) {
	r := c.unsavedReturn(c.flow.Func(fd), hc.site.Objects, hc.call.Pos())
	if r == nil {
		return
	}
	obj := "the object"
	if hc.site.Object != nil {
		obj = types.ExprString(hc.site.Object)
	}
	c.markUnsaved(hc.call)
	c.rep.Reportf(hc.call, "%s changes the finalizers of %s but %s is never updated or patched afterwards "+
		"on the path that returns at line %d: the API server keeps the old list (an object whose "+
		"finalizer was removed stays in Terminating; an added one never guards the cleanup); call "+
		"Update or Patch on %s after %s on that path", hc.callee.Name(), obj, obj,
		c.pass.Fset.Position(r.Stmt.Pos()).Line, obj, hc.callee.Name())
}

// selectsFinalizers reports whether the package selects a Finalizers
// field or calls SetFinalizers: a function of the package that edits a
// finalizer list by hand does one or the other.
func (c *checker) selectsFinalizers() bool {
	for sel := range c.pass.TypesInfo.Selections {
		if name := sel.Sel.Name; name == "Finalizers" || name == "SetFinalizers" {
			return true
		}
	}
	return false
}
