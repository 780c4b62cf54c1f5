package resourceversion

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/objflow"
)

// versionedOnSomePaths reports the Update of an object that the function
// gives a resourceVersion (SetResourceVersion, an assignment of the field
// or of the whole ObjectMeta) on some paths to the Update and not on
// others, where nothing else may have given it one: the function's own
// copy says the object needs it, and the paths without the copy send it
// without one (datadog-operator's store copied the live resourceVersion
// for some kinds only). It returns whether it reported.
func (c *checker) versionedOnSomePaths(f *objflow.Func, w *objflow.WriteSite) bool {
	for _, id := range w.Object {
		obj := f.Value(id)
		facts := w.Facts(id)
		if obj == nil || !facts.Has(objflow.Unfilled) || !facts.Has(objflow.Filled) {
			continue
		}
		set, ok := versionSet(f, facts)
		if !ok || insideHelper(w, set) || c.skippedForTheRead(f, set.Pos, w.Call.Pos()) {
			continue
		}
		consequence, ok := c.consequence(c.objectType(w, obj), "the update")
		if !ok {
			continue
		}
		c.rep.Report(analysis.Diagnostic{
			Pos: w.Call.Pos(), End: w.Call.End(),
			Message: fmt.Sprintf("%s is given a resourceVersion on some paths only (%s at %s), and on the others "+
				"%s sends it without one, so %s: set the resourceVersion on every path to the %s",
				objectName(w, c.pass.TypesInfo), set.What, astx.ShortPos(c.pass.Fset, set.Pos), callName(w),
				consequence, w.Write.CallName()),
		})
		return true
	}
	return false
}

// insideHelper reports whether the resourceVersion is given inside the
// helper that the write goes through: the helper's own paths decide, and
// its own analysis judges them (and, where a condition on its current
// object skips the copy, says nothing).
func insideHelper(w *objflow.WriteSite, set objflow.Change) bool {
	return w.Via != nil && set.Pos == w.Call.Pos()
}

// versionSet returns the change of facts that set the object's
// resourceVersion (or its whole metadata) with a value seen here.
func versionSet(f *objflow.Func, facts *objflow.Facts) (objflow.Change, bool) {
	for _, ch := range facts.Changes {
		if ch.Presumed || len(ch.Path) == 0 || !f.Contains(ch.Pos) {
			continue
		}
		if ch.Path[0] == "ResourceVersion" || (len(ch.Path) == 1 && ch.Path[0] == "ObjectMeta") {
			return ch, true
		}
	}
	return objflow.Change{}, false
}

// skippedForTheRead reports whether a condition that may skip the copy
// at pos on the way to the write at writePos speaks of the read that the
// copied value comes from: its source (current != nil), an error
// (err == nil), or a variable assigned from either (found := err == nil).
// On the path that skips the copy for that reason the current object was
// not read, and the write fails for its own reason (NotFound), or the
// code creates instead: not this rule's business. A condition on
// anything else (the object's kind, a flag) skips the copy where the
// object exists.
func (c *checker) skippedForTheRead(f *objflow.Func, pos, writePos token.Pos) bool {
	stack := c.enclosing(pos)
	if len(stack) == 0 || setsEmpty(stack[len(stack)-1]) {
		return true // not found, or obj.ResourceVersion = "": say nothing
	}
	sources := c.varsOf(stack[len(stack)-1])
	related := func(e ast.Node) bool { return c.speaksOf(f, e, sources) }
	for i := len(stack) - 1; i >= 0; i-- {
		n := stack[i]
		if n.Pos() <= writePos && writePos < n.End() {
			return false // the copy and the write share this statement
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if related(n.Cond) || (n.Init != nil && related(n.Init)) {
				return true
			}
		case *ast.SwitchStmt:
			if (n.Tag != nil && related(n.Tag)) || (n.Init != nil && related(n.Init)) {
				return true
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if related(e) {
					return true
				}
			}
		case *ast.TypeSwitchStmt:
			if related(n.Assign) {
				return true
			}
		case *ast.ForStmt, *ast.RangeStmt:
			// A search of the current object among others (for _, cur :=
			// range list { if cur.Name == obj.Name { copy } }): the
			// conditions inside say so; a loop by itself skips nothing
			// the write does not skip too.
		}
	}
	return false
}

// enclosing returns the nodes from the file down to the statement or
// call that starts at pos (outermost first), or nil.
func (c *checker) enclosing(pos token.Pos) []ast.Node {
	for _, file := range c.pass.Files {
		if pos < file.FileStart || pos >= file.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(file, pos, pos)
		// Innermost first: the outermost call or assignment that
		// starts at pos (obj.SetResourceVersion(v), not obj).
		at := -1
		for i, n := range path {
			if n.Pos() != pos {
				break
			}
			switch n.(type) {
			case *ast.CallExpr, *ast.AssignStmt:
				at = i
			}
		}
		if at < 0 {
			return nil
		}
		stack := slices.Clone(path[at:])
		slices.Reverse(stack)
		return stack
	}
	return nil
}

// setsEmpty reports whether the copy at n sets the empty string: it
// clears the resourceVersion, it does not give one.
func setsEmpty(n ast.Node) bool {
	from := copiedValues(n)
	return len(from) == 1 && isEmptyString(from[0])
}

// copiedValues returns the values of the copy at n: the arguments of
// obj.SetResourceVersion(v), the right-hand side of obj.ResourceVersion =
// v.
func copiedValues(n ast.Node) []ast.Expr {
	switch n := n.(type) {
	case *ast.CallExpr:
		return n.Args
	case *ast.AssignStmt:
		return n.Rhs
	}
	return nil
}

func isEmptyString(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	return ok && (lit.Value == `""` || lit.Value == "``")
}

// varsOf returns the variables that the value of the copy at n reads:
// the arguments of obj.SetResourceVersion(v), the right-hand side of
// obj.ResourceVersion = v.
func (c *checker) varsOf(n ast.Node) map[*types.Var]bool {
	vars := map[*types.Var]bool{}
	for _, e := range copiedValues(n) {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() {
					vars[v] = true
				}
			}
			return true
		})
	}
	return vars
}

// speaksOf reports whether e reads a variable of sources, an error, or a
// local variable that some assignment of f gives a value reading one of
// those.
func (c *checker) speaksOf(f *objflow.Func, e ast.Node, sources map[*types.Var]bool) bool {
	direct := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && (sources[v] || isError(v.Type())) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	if direct(e) {
		return true
	}
	derived := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || derived {
			return !derived
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if ok && !v.IsField() && f.Contains(v.Pos()) {
			derived = c.assignedFrom(f, v, direct)
		}
		return !derived
	})
	return derived
}

// assignedFrom reports whether some assignment of v in f has a value for
// which pred holds.
func (c *checker) assignedFrom(f *objflow.Func, v *types.Var, pred func(ast.Node) bool) bool {
	found := false
	ast.Inspect(f.Node, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for i, lhs := range as.Lhs {
			id, ok := lhs.(*ast.Ident)
			if !ok || c.pass.TypesInfo.ObjectOf(id) != v {
				continue
			}
			if len(as.Rhs) == len(as.Lhs) {
				found = found || pred(as.Rhs[i])
			} else {
				found = found || pred(as.Rhs[0])
			}
		}
		return !found
	})
	return found
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
