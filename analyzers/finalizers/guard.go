package finalizers

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/opvet/opvet/internal/k8s"
)

// Item 2: a finalizer added on a path on which the object may already be
// being deleted. A path starts at a Reconcile method and follows static
// calls within the package; it is guarded when a deletion check (a use of
// DeletionTimestamp or GetDeletionTimestamp, or a call of a function that
// makes one or whose name speaks of deletion) comes before the add or
// before the call that leads to it. Functions that no Reconcile of the
// package reaches are not judged: their callers are unknown.

// callGraph is the package's static call graph over function declarations.
type callGraph struct {
	decls   map[*types.Func]*ast.FuncDecl
	callers map[*ast.FuncDecl][]callRef
	checks  map[*ast.FuncDecl][]token.Pos // positions of deletion checks
}

type callRef struct {
	caller *ast.FuncDecl
	pos    token.Pos
}

func (c *checker) buildGraph() *callGraph {
	g := &callGraph{
		decls:   map[*types.Func]*ast.FuncDecl{},
		callers: map[*ast.FuncDecl][]callRef{},
		checks:  map[*ast.FuncDecl][]token.Pos{},
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
					g.callers[callee] = append(g.callers[callee], callRef{caller: fd, pos: n.Pos()})
				}
				if (callee != nil && checking[callee]) || speaksOfDeletion(fn) {
					g.checks[fd] = append(g.checks[fd], n.Pos())
				}
			}
			return true
		})
	}
	return g
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

// speaksOfDeletion reports whether fn's name suggests a deletion check
// (IsBeingDeleted, isTerminating, reconcileDelete), excluding the client
// calls that delete other objects.
func speaksOfDeletion(fn *types.Func) bool {
	lower := strings.ToLower(fn.Name())
	if !strings.Contains(lower, "delet") && !strings.Contains(lower, "terminat") {
		return false
	}
	return !k8s.IsMethod(fn, k8s.Client, "Writer", "Delete") &&
		!k8s.IsMethod(fn, k8s.Client, "Writer", "DeleteAllOf")
}

// unguarded reports whether some path from a Reconcile method reaches pos
// in fd without a deletion check.
func (g *callGraph) unguarded(fd *ast.FuncDecl, pos token.Pos, visiting map[*ast.FuncDecl]bool) bool {
	for _, p := range g.checks[fd] {
		if p < pos {
			return false
		}
	}
	if fd.Recv != nil && fd.Name.Name == "Reconcile" {
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
		if s.wrapper {
			continue // the helper may check; its body is judged where it lies
		}
		if c.graph == nil {
			c.graph = c.buildGraph()
		}
		if c.freshObject(s) || !c.graph.unguarded(s.decl, s.call.Pos(), map[*ast.FuncDecl]bool{}) {
			continue
		}
		c.rep.Reportf(s.call, "%s is added without a DeletionTimestamp check first: once the object is being deleted "+
			"the API server refuses the write (\"no new finalizers can be added if the object is being deleted\") "+
			"and reconciles fail until it is gone; handle deletion first (if !obj.GetDeletionTimestamp().IsZero() "+
			"{ ...; return }) and add the finalizer after", describe(s))
	}
}

// freshObject reports whether the object of s is a local variable built
// in the function (a composite literal or new) and never read from the API
// server there: an object being created is not being deleted.
func (c *checker) freshObject(s *site) bool {
	v := c.localVar(s.decl, s.obj)
	if v == nil {
		return false
	}
	if fresh, ok := c.freshCache[v]; ok {
		return fresh
	}
	if c.freshCache == nil {
		c.freshCache = map[*types.Var]bool{}
	}
	c.freshCache[v] = c.builtFreshAndNeverFetched(s.decl, v)
	return c.freshCache[v]
}

// builtFreshAndNeverFetched is freshObject's walk of fd for v.
func (c *checker) builtFreshAndNeverFetched(decl *ast.FuncDecl, v *types.Var) bool {
	fresh := false
	fetched := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if c.isVar(lhs, v) && len(n.Rhs) == len(n.Lhs) {
					fresh = isConstruction(n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if c.pass.TypesInfo.Defs[name] == v {
					fresh = i >= len(n.Values) || isConstruction(n.Values[i])
				}
			}
		case *ast.CallExpr:
			name := k8s.CalleeName(n.Fun)
			if name == "Get" || name == "List" {
				for _, arg := range n.Args {
					if c.isVar(arg, v) {
						fetched = true
					}
				}
			}
		}
		return true
	})
	return fresh && !fetched
}

// isConstruction reports whether e builds a new value: T{...}, &T{...},
// new(T).
func isConstruction(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, ok := ast.Unparen(e.X).(*ast.CompositeLit)
		return e.Op == token.AND && ok
	case *ast.CallExpr:
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		return ok && id.Name == "new" && len(e.Args) == 1
	}
	return false
}

// localVar returns the local variable (declared in fd's body, not a
// parameter) that e is, or whose address e takes, or nil.
func (c *checker) localVar(fd *ast.FuncDecl, e ast.Expr) *types.Var {
	id := varIdent(e)
	if id == nil {
		return nil
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pos() < fd.Body.Pos() || v.Pos() >= fd.Body.End() {
		return nil
	}
	return v
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
