package requeueerror

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
)

// unsetField reports whether v is a Requeue or RequeueAfter field of a
// struct type declared in the package that no code of the package sets
// (its _test.go files left out):
// no struct literal gives it a value other than its zero constant, and
// no assignment, increment or address-of reaches it. A Result copied
// from such fields requests nothing (cluster-api-operator's
// ctrl.Result{Requeue: res.Requeue, RequeueAfter: res.RequeueAfter} of a
// phase Result whose phases set only Completed).
func (c *checker) unsetField(v *types.Var) bool {
	if v == nil || !v.IsField() || !requeueField(v.Name()) || v.Pkg() != c.pass.Pkg {
		return false
	}
	if c.setFields == nil {
		c.setFields = c.indexSetFields()
	}
	return !c.setFields[v.Origin()]
}

// indexSetFields finds the Requeue and RequeueAfter fields of the
// package's structs that some code of the package sets.
func (c *checker) indexSetFields() map[*types.Var]bool {
	info := c.pass.TypesInfo
	set := map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
				if v, ok := s.Obj().(*types.Var); ok && requeueField(v.Name()) {
					set[v.Origin()] = true
				}
			}
		}
	}
	markAll := func(t types.Type) {
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return
		}
		for i := range st.NumFields() {
			if f := st.Field(i); requeueField(f.Name()) {
				set[f.Origin()] = true
			}
		}
	}
	// A field with a struct tag is meant to be decoded (a setting read
	// from a file): set where no code of the package shows.
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				if st.Tag(i) != "" && requeueField(st.Field(i).Name()) {
					set[st.Field(i)] = true
				}
			}
		}
	}
	for _, file := range c.pass.Files {
		if astx.InTestFile(c.pass.Fset, file.Pos()) {
			continue // a test's expected value or fake phase runs in no operator
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				// Result(other): a conversion sets every field.
				if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
					markAll(tv.Type)
				}
			case *ast.CompositeLit:
				st, ok := info.TypeOf(n).Underlying().(*types.Struct)
				if !ok {
					return true
				}
				for i, elt := range n.Elts {
					field, val := litField(st, elt, i)
					if field != nil && requeueField(field.Name()) && !c.isZero(val) {
						set[field.Origin()] = true
					}
				}
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					mark(lhs)
				}
			case *ast.IncDecStmt:
				mark(n.X)
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					mark(n.X)
				}
			}
			return true
		})
	}
	return set
}

// unsetFieldValue reports whether e reads such a field (res.RequeueAfter).
func (c *checker) unsetFieldValue(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return false
	}
	v, _ := s.Obj().(*types.Var)
	return c.unsetField(v)
}
